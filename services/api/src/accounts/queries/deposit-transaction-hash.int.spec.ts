import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminTransactionList, DepositResponse } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import {
  confirmDeposit,
  depositRequest,
  rejectDeposit,
  signInAs,
  startProjectorFor,
} from '../../testing/account-steps.js';
import { startAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app.js';
import type { ProjectorProcess } from '../../shared/testing/projector-process.js';

const ALICE_HASH = `0x${'9f'.repeat(32)}`;
// What a member types is kept and shown as text, markup and quotes included (a hash takes visible ASCII only).
const BOB_HASH = `<img/src=x/onerror=alert(1)>'"`;

let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: TestAgent;
let auditor: TestAgent;
let alice: { browser: TestAgent; userId: string };
let bob: { browser: TestAgent; userId: string };
const deposits: Record<'alice' | 'bob' | 'withoutHash', DepositResponse> = {} as never;
let lastPosition = '';

async function depositWithHash(member: TestAgent, amount: string, hash?: string): Promise<DepositResponse> {
  let request = depositRequest(member, amount);
  if (hash !== undefined) request = request.field('transaction_hash', hash);
  return (await request.expect(201)).body as DepositResponse;
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('deposit_transaction_hash');
  projector = await startProjectorFor(testApp);
  let adminUser, auditorUser;
  [adminUser, auditorUser, alice, bob] = await signInAs(testApp, 'admin', 'auditor', 'member', 'member');
  admin = adminUser.browser;
  auditor = auditorUser.browser;
  deposits.alice = await depositWithHash(alice.browser, '1500.00', ALICE_HASH);
  deposits.bob = await depositWithHash(bob.browser, '2000.00', BOB_HASH);
  deposits.withoutHash = await depositWithHash(bob.browser, '1000.00');
  lastPosition = deposits.withoutHash.position;
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

function hashesById(list: AdminTransactionList): Record<string, string | null> {
  return Object.fromEntries(list.data.map((row) => [row.id, row.transaction_hash]));
}

describe('the transaction hash a member gave with a deposit', () => {
  it('is in the admin transaction list, as the member typed it; null when none was given', async () => {
    const response = await admin
      .get('/api/transactions')
      .query({ type: 'deposit', after: lastPosition })
      .expect(200);

    expect(hashesById(response.body as AdminTransactionList)).toEqual({
      [deposits.alice.depositId]: ALICE_HASH,
      [deposits.bob.depositId]: BOB_HASH,
      [deposits.withoutHash.depositId]: null,
    });
    expect(response.body.data).toContainEqual(
      expect.objectContaining({ id: deposits.alice.depositId, user_id: alice.userId, amount: '1500.00' }),
    );
  });

  it('is shown to auditors as to admins', async () => {
    const [byAdmin, byAuditor] = await Promise.all(
      [admin, auditor].map((staff) =>
        staff.get('/api/transactions').query({ after: lastPosition }).expect(200),
      ),
    );

    expect(byAuditor!.body).toEqual(byAdmin!.body);
    expect(hashesById(byAuditor!.body as AdminTransactionList)[deposits.alice.depositId]).toBe(ALICE_HASH);
  });

  it("never reaches a member: not through the admin list, nor another member's history", async () => {
    await alice.browser.get('/api/transactions').query({ after: lastPosition }).expect(403);
    await bob.browser.get('/api/transactions').expect(403);

    const [aliceOwn, bobOwn, aliceActivity, bobActivity] = await Promise.all([
      alice.browser.get('/api/transactions/deposit').query({ after: lastPosition }).expect(200),
      bob.browser.get('/api/transactions/deposit').query({ after: lastPosition }).expect(200),
      alice.browser.get('/api/user/activity').query({ after: lastPosition }).expect(200),
      bob.browser.get('/api/user/activity').query({ after: lastPosition }).expect(200),
    ]);
    expect(JSON.stringify([bobOwn.body, bobActivity.body])).not.toContain(ALICE_HASH);
    expect(JSON.stringify([aliceOwn.body, aliceActivity.body])).not.toContain('onerror');
  });
});

describe('one transaction hash given on several deposits', () => {
  async function othersById(after: string): Promise<Record<string, number | null>> {
    const response = await admin.get('/api/transactions').query({ type: 'deposit', after }).expect(200);
    const list = response.body as AdminTransactionList;
    return Object.fromEntries(list.data.map((row) => [row.id, row.other_deposits_with_hash]));
  }

  it('shows on each of them how many others give it, however it is spelt; rejected ones do not count', async () => {
    const carol = (await signInAs(testApp, 'member'))[0]!;
    // Alice's payment, claimed again by Carol in capitals without the 0x, by Bob as an explorer's link to it, and
    // by Carol once more with a question mark after it; "none" twice is no hash to compare.
    const byCarol = await depositWithHash(carol.browser, '1500.00', ALICE_HASH.slice(2).toUpperCase());
    const byBob = await depositWithHash(bob.browser, '1500.00', `https://etherscan.io/tx/${ALICE_HASH}`);
    const byCarolAgain = await depositWithHash(carol.browser, '1000.00', `${ALICE_HASH}?`);
    const noneByBob = await depositWithHash(bob.browser, '1000.00', 'none');
    const noneByCarol = await depositWithHash(carol.browser, '1000.00', 'none');
    await confirmDeposit(admin, deposits.alice.depositId);

    const before = await othersById(noneByCarol.position);
    expect(before).toMatchObject({
      [deposits.alice.depositId]: 3,
      [byCarol.depositId]: 3,
      [byBob.depositId]: 3,
      [byCarolAgain.depositId]: 3,
      [deposits.bob.depositId]: 0,
      [noneByBob.depositId]: 0,
      [noneByCarol.depositId]: 0,
      [deposits.withoutHash.depositId]: null,
    });

    const rejected = await rejectDeposit(admin, byCarol.depositId, 'The payment is Alice’s');
    const after = await othersById(rejected.position);
    expect(after).toMatchObject({
      [deposits.alice.depositId]: 2,
      [byCarol.depositId]: 3,
      [byBob.depositId]: 2,
      [byCarolAgain.depositId]: 2,
    });
  });

  it('is in one deposit asked for by id (?id=, what the approver of its confirmation reads), as in the list', async () => {
    const listed = await admin
      .get('/api/transactions')
      .query({ type: 'deposit', after: lastPosition })
      .expect(200);
    const row = (listed.body as AdminTransactionList).data.find((r) => r.id === deposits.alice.depositId);

    const byId = await admin.get('/api/transactions').query({ id: deposits.alice.depositId }).expect(200);
    expect(byId.body).toMatchObject({ total: 1, data: [row] });
    expect(row?.other_deposits_with_hash).toBeGreaterThan(0);

    const unknown = await admin
      .get('/api/transactions')
      .query({ id: '00000000-0000-4000-8000-000000000000' })
      .expect(200);
    expect(unknown.body).toMatchObject({ total: 0, data: [] });
    for (const id of [`${deposits.alice.depositId}'--`, 'x'.repeat(100_000).slice(0, 4000), '\u0000']) {
      const refused = await admin.get('/api/transactions').query({ id }).expect(400);
      expect(refused.body.fieldErrors).toEqual({ id: ['Not a transaction id'] });
    }
    await alice.browser.get('/api/transactions').query({ id: deposits.alice.depositId }).expect(403);
  });

  it('is not shown to members, in their own history either', async () => {
    const own = await alice.browser.get('/api/transactions/deposit').expect(200);
    expect(JSON.stringify(own.body)).not.toContain('other_deposits_with_hash');
  });
});

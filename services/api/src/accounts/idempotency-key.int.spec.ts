import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type TestAgent from 'supertest/lib/agent.js';
import { IDEMPOTENCY_KEY_REUSED } from './domain/accounts.errors.js';
import {
  BASIC_PLAN,
  BITCOIN,
  BITCOIN_ADDRESS,
  PNG,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { savePayoutAddresses } from '../testing/account-steps.js';

let testApp: AccountsTestApp;
let admin: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_idempotency');
  admin = await testApp.admin();
});

afterAll(async () => {
  await testApp?.close();
});

const REUSED = { message: IDEMPOTENCY_KEY_REUSED };

function deposit(browser: TestAgent, fields: Record<string, string> = {}, proof = PNG) {
  const form = { plan: BASIC_PLAN.id, amount: '1500.00', payment_method: BITCOIN.id, ...fields };
  let call = browser.post('/api/deposit');
  for (const [name, value] of Object.entries(form)) call = call.field(name, value);
  return call.attach('payment_proof', proof, { filename: 'proof.png' });
}

function withdraw(browser: TestAgent, form: Record<string, string> = {}) {
  return browser
    .post('/api/withdraw')
    .send({ amount: '100.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS, ...form });
}

/** A member with 1000.00 available who saved the test payout addresses. */
async function withdrawingMember() {
  const member = await testApp.member();
  await admin.browser
    .put(`/api/admin/users/${member.userId}/balances`)
    .send({ available: { shown: '0.00', target: '1000.00' }, reason: 'Opening balance', version: 0 })
    .expect(200);
  await savePayoutAddresses(member.browser);
  return member;
}

async function depositTypes(userId: string): Promise<string[]> {
  return (await testApp.accountEvents(userId)).map((event) => event.type);
}

describe('an Idempotency-Key sent again', () => {
  it('with the same deposit, fields in another order, answers the first deposit', async () => {
    const member = await testApp.member();
    const key = randomUUID();
    const first = await deposit(member.browser, { transaction_hash: '0xabc' })
      .set('Idempotency-Key', key)
      .expect(201);

    let reordered = member.browser.post('/api/deposit').set('Idempotency-Key', key);
    reordered = reordered.attach('payment_proof', PNG, { filename: 'renamed.png' });
    for (const [name, value] of [
      ['transaction_hash', '0xabc'],
      ['payment_method', BITCOIN.id],
      ['amount', '1500.00'],
      ['plan', BASIC_PLAN.id],
    ] as const) {
      reordered = reordered.field(name, value);
    }
    const again = await reordered.expect(201);

    expect(again.body).toEqual(first.body);
    expect(await depositTypes(member.userId)).toEqual(['DepositRequested']);
  });

  it('with another amount is refused with 422 and changes nothing', async () => {
    const member = await testApp.member();
    const key = randomUUID();
    await deposit(member.browser).set('Idempotency-Key', key).expect(201);

    const response = await deposit(member.browser, { amount: '2000.00' }).set('Idempotency-Key', key);

    expect(response.status).toBe(422);
    expect(response.body).toEqual(REUSED);
    expect(await depositTypes(member.userId)).toEqual(['DepositRequested']);
  });

  it('with another proof file is refused with 422, before the file is stored', async () => {
    const member = await testApp.member();
    const key = randomUUID();
    await deposit(member.browser).set('Idempotency-Key', key).expect(201);
    const stored = await testApp.proofObjectKeys();
    const otherProof = Buffer.concat([PNG, Buffer.from('another picture')]);

    const response = await deposit(member.browser, {}, otherProof).set('Idempotency-Key', key);

    expect(response.status).toBe(422);
    expect(response.body).toEqual(REUSED);
    expect(await testApp.proofObjectKeys()).toEqual(stored);
  });

  it('with another withdrawal is refused with 422, and the first stays the only reservation', async () => {
    const member = await withdrawingMember();
    const key = randomUUID();
    const first = await withdraw(member.browser).set('Idempotency-Key', key).expect(201);

    const other = await withdraw(member.browser, { amount: '200.00' }).set('Idempotency-Key', key);
    const same = await withdraw(member.browser).set('Idempotency-Key', key);

    expect(other.status).toBe(422);
    expect(other.body).toEqual(REUSED);
    expect(same.status).toBe(201);
    expect(same.body).toEqual(first.body);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({ reserved: 10_000n });
  });

  it('with withdrawals of two amounts at once: one is made, the other amount refused with 422, nothing else reserved', async () => {
    const member = await withdrawingMember();
    const key = randomUUID();

    const answers = await Promise.all(
      ['100.00', '200.00', '100.00', '200.00'].map((amount) =>
        withdraw(member.browser, { amount }).set('Idempotency-Key', key),
      ),
    );

    const made = answers.filter((answer) => answer.status === 201);
    const refused = answers.filter((answer) => answer.status === 422);
    // Whichever amount won, its twin is a repeat and gets its answer; the other amount's two are refused.
    expect(made).toHaveLength(2);
    expect(refused).toHaveLength(2);
    expect(new Set(made.map((answer) => answer.body.withdrawalId)).size).toBe(1);
    for (const answer of refused) expect(answer.body).toEqual(REUSED);
    const reserved = (await stateRow(testApp.accounts, member.userId))?.reserved;
    expect([10_000n, 20_000n]).toContain(reserved);
    expect((await depositTypes(member.userId)).filter((type) => type === 'WithdrawalRequested')).toHaveLength(
      1,
    );
  });

  it("by another member is theirs: each member's withdrawal is made, neither gets the other's answer", async () => {
    const [ann, bob] = await Promise.all([withdrawingMember(), withdrawingMember()]);
    const key = randomUUID();

    const [annAnswer, bobAnswer] = await Promise.all([
      withdraw(ann.browser).set('Idempotency-Key', key),
      withdraw(bob.browser, { amount: '200.00' }).set('Idempotency-Key', key),
    ]);

    expect([annAnswer.status, bobAnswer.status]).toEqual([201, 201]);
    expect(annAnswer.body.withdrawalId).not.toBe(bobAnswer.body.withdrawalId);
    expect(await stateRow(testApp.accounts, ann.userId)).toMatchObject({ reserved: 10_000n });
    expect(await stateRow(testApp.accounts, bob.userId)).toMatchObject({ reserved: 20_000n });
  });

  it.each([
    ['of 201 characters', 'k'.repeat(201)],
    ['with a space', 'my key'],
    ['with a character outside ASCII', 'clé-1'],
  ])('%s is refused with 400 and reserves nothing', async (_case, key) => {
    const member = await withdrawingMember();

    const response = await withdraw(member.browser).set('Idempotency-Key', key).expect(400);

    expect(response.body).toEqual({
      message: 'Idempotency-Key must be 1 to 200 printable characters',
      fieldErrors: { 'Idempotency-Key': ['Idempotency-Key must be 1 to 200 printable characters'] },
    });
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({ reserved: 0n });
  });

  it('stored before requests were fingerprinted is compared by its kind only', async () => {
    const member = await testApp.member();
    const key = randomUUID();
    const first = await deposit(member.browser).set('Idempotency-Key', key).expect(201);
    await testApp.accounts
      .updateTable('commands')
      .set({ request_hash: null })
      .where('user_id', '=', member.userId)
      .execute();

    const again = await deposit(member.browser, { amount: '2000.00' }).set('Idempotency-Key', key);
    const otherKind = await withdraw(member.browser).set('Idempotency-Key', key);

    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(otherKind.status).toBe(422);
  });
});

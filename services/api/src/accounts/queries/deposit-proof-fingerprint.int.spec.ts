import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AdminTransactionList, DepositResponse } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import { confirmDeposit, rejectDeposit, signInAs, startProjectorFor } from '../../testing/account-steps.js';
import {
  BASIC_PLAN,
  BITCOIN,
  PNG,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../../testing/accounts-test-app.js';
import type { ProjectorProcess } from '../../shared/testing/projector-process.js';
import { ProofFingerprintBackfill } from '../application/proof-fingerprint-backfill.js';
import { ProofStorage } from '../application/proof-storage.js';

/** One screenshot of one payment, and another file. */
const SCREENSHOT = Buffer.concat([PNG, Buffer.from('the payment of 1,500.00')]);
const OTHER_SCREENSHOT = Buffer.concat([PNG, Buffer.from('another payment')]);

let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: TestAgent;
let members: { browser: TestAgent; userId: string }[];

function deposit(member: TestAgent, proof: Buffer, filename: string): Promise<DepositResponse> {
  return member
    .post('/api/deposit')
    .field({ plan: BASIC_PLAN.id, amount: '1500.00', payment_method: BITCOIN.id })
    .attach('payment_proof', proof, { filename, contentType: 'image/png' })
    .expect(201)
    .then((response) => response.body as DepositResponse);
}

async function sameProofById(after: string): Promise<Record<string, number | null>> {
  const response = await admin.get('/api/transactions').query({ type: 'deposit', after }).expect(200);
  const list = response.body as AdminTransactionList;
  return Object.fromEntries(list.data.map((row) => [row.id, row.other_deposits_with_proof]));
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('deposit_proof_fingerprint');
  projector = await startProjectorFor(testApp);
  const [adminUser, ...signedIn] = await signInAs(testApp, 'admin', 'member', 'member', 'member');
  admin = adminUser.browser;
  members = signedIn;
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('one proof file sent with several deposits', () => {
  it('shows on each of them how many others came with the very same file, whatever its name; rejected ones do not count', async () => {
    const [alice, bob, carol] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const byAlice = await deposit(alice.browser, SCREENSHOT, 'payment.png');
    const byBob = await deposit(bob.browser, SCREENSHOT, 'my-transfer.png');
    const byCarol = await deposit(carol.browser, SCREENSHOT, 'IMG_0001.png');
    const otherFile = await deposit(carol.browser, OTHER_SCREENSHOT, 'payment.png');
    await confirmDeposit(admin, byAlice.depositId);

    expect(await sameProofById(otherFile.position)).toEqual({
      [byAlice.depositId]: 2,
      [byBob.depositId]: 2,
      [byCarol.depositId]: 2,
      [otherFile.depositId]: 0,
    });

    const rejected = await rejectDeposit(admin, byBob.depositId, 'The payment is Alice’s');
    expect(await sameProofById(rejected.position)).toMatchObject({
      [byAlice.depositId]: 1,
      [byBob.depositId]: 2,
      [byCarol.depositId]: 1,
    });
  });

  it('compares nothing with a proof stored before proofs were fingerprinted', async () => {
    const [alice, bob] = members as [(typeof members)[0], (typeof members)[0]];
    const before = await deposit(alice.browser, OTHER_SCREENSHOT, 'old.png');
    const after = await deposit(bob.browser, OTHER_SCREENSHOT, 'new.png');
    await testApp.accounts
      .updateTable('deposit_proofs')
      .set({ sha256: null })
      .where('deposit_id', '=', before.depositId)
      .execute();

    const counts = await sameProofById(after.position);
    expect(counts[before.depositId]).toBeNull();
    // The other file of Carol's, above, is still the same bytes as this one.
    expect(counts[after.depositId]).toBe(1);
  });

  it('fingerprints at start the proofs stored before, which are then compared too; one that cannot be read (missing, or refused) stays without and holds back none after it', async () => {
    const [alice, bob, carol] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    const receipt = Buffer.concat([PNG, Buffer.from('a receipt sent before fingerprints')]);
    const old = [
      await deposit(alice.browser, receipt, 'receipt.png'),
      await deposit(bob.browser, receipt, 'receipt.png'),
      await deposit(carol.browser, receipt, 'lost.png'),
      await deposit(carol.browser, receipt, 'refused.png'),
    ];
    const ids = old.map((made) => made.depositId);
    const [lost] = await testApp.accounts
      .selectFrom('deposit_proofs')
      .select('object_key')
      .where('deposit_id', '=', ids[2]!)
      .execute();
    const unfingerprinted = await testApp.accounts
      .selectFrom('deposit_proofs')
      .select('deposit_id')
      .where('sha256', 'is', null)
      .execute();
    await testApp.accounts
      .updateTable('deposit_proofs')
      .set({ sha256: null })
      .where('deposit_id', 'in', ids)
      .execute();
    await testApp.app.get(ProofStorage).discard(lost!.object_key);
    // A key the store refuses to look up (longer than its 1,024 bytes), which is not "no such key".
    await testApp.accounts
      .updateTable('deposit_proofs')
      .set({ object_key: `proofs/${'x'.repeat(1100)}` })
      .where('deposit_id', '=', ids[3]!)
      .execute();
    const latest = old[3]!.position;
    expect(await sameProofById(latest)).toMatchObject({
      [ids[0]!]: null,
      [ids[1]!]: null,
      [ids[2]!]: null,
      [ids[3]!]: null,
    });

    const backfill = testApp.app.get(ProofFingerprintBackfill);
    expect(await backfill.run()).toBe(unfingerprinted.length + 2);

    const counts = await sameProofById(latest);
    expect(counts).toMatchObject({ [ids[0]!]: 1, [ids[1]!]: 1, [ids[2]!]: null, [ids[3]!]: null });
    const again = await deposit(alice.browser, receipt, 'receipt-again.png');
    expect((await sameProofById(again.position))[again.depositId]).toBe(2);
    expect(await backfill.run()).toBe(0);
  });

  it('is not shown to members', async () => {
    const own = await members[0]!.browser.get('/api/transactions/deposit').expect(200);
    expect(JSON.stringify(own.body)).not.toContain('other_deposits_with_proof');
  });
});

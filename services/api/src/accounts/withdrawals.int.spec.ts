import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { accountMessages } from '@ledgerstone/contracts';
import { sql } from 'kysely';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  ETHEREUM,
  ETHEREUM_ADDRESS,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { memberDetail, requestDeposit, savePayoutAddresses } from '../testing/account-steps.js';
import { SEALED_POSITION } from '../testing/identity-test-app.js';

let testApp: AccountsTestApp;
let admin: { browser: TestAgent; userId: string };
let auditor: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_withdrawals');
  [admin, auditor] = await Promise.all([testApp.admin(), testApp.auditor()]);
});

afterAll(async () => {
  await testApp?.close();
});

/** A member whose available balance an admin set to `available`. */
async function fundedMember(available = '1000.00') {
  const member = await testApp.member();
  await admin.browser
    .put(`/api/admin/users/${member.userId}/balances`)
    .send({ available: { shown: '0.00', target: available }, reason: 'Opening balance', version: 0 })
    .expect(200);
  return member;
}

/** A funded member who saved the test addresses in the address book, as a member does before withdrawing. */
async function withdrawingMember(available = '1000.00') {
  const member = await fundedMember(available);
  await savePayoutAddresses(member.browser);
  return member;
}

/** The account events a member's funding, address book and first withdrawal append, in order. */
const FUNDED_BOOK_AND_WITHDRAWAL = [
  'BalanceAdjusted',
  'PayoutAddressSaved',
  'PayoutAddressSaved',
  'PayoutAddressSaved',
  'WithdrawalRequested',
];

function withdraw(browser: TestAgent, form: Record<string, unknown> = {}) {
  return browser
    .post('/api/withdraw')
    .send({ amount: '100.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS, ...form });
}

describe('POST /api/withdraw', () => {
  it('reserves the amount at once and keeps the payout address out of the event', async () => {
    const member = await withdrawingMember();

    const response = await withdraw(member.browser, { amount: '250.50' }).expect(201);

    expect(response.body).toEqual({
      message: 'Withdrawal successful!',
      withdrawalId: expect.any(String),
      status: 'pending',
      position: expect.stringMatching(SEALED_POSITION),
    });
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 74_950n,
      reserved: 25_050n,
    });
    const events = await testApp.accountEvents(member.userId);
    expect(events.at(-1)?.data).toEqual({
      userId: member.userId,
      withdrawalId: response.body.withdrawalId,
      source: 'balance',
      amount: '25050',
      paymentMethodId: BITCOIN.id,
      requestedAt: testApp.clock.now().toISOString(),
      // When the address entered the book (saved just before, on the same test clock), never the address.
      addressSavedAt: testApp.clock.now().toISOString(),
    });
    const destination = await testApp.accounts
      .selectFrom('withdrawal_destinations')
      .selectAll()
      .where('withdrawal_id', '=', response.body.withdrawalId)
      .executeTakeFirstOrThrow();
    expect(destination).toMatchObject({
      user_id: member.userId,
      payment_method_id: BITCOIN.id,
      wallet_address: BITCOIN_ADDRESS,
    });
  });

  it('takes the payment method by name', async () => {
    const member = await withdrawingMember();

    await withdraw(member.browser, { payment_method: 'ethereum', wallet_address: ETHEREUM_ADDRESS }).expect(
      201,
    );

    const events = await testApp.accountEvents(member.userId);
    expect(events.at(-1)?.data).toMatchObject({ paymentMethodId: ETHEREUM.id });
  });

  it.each(['-5', '1e9', 'abc', '10.001', '0', '', null])('refuses the amount %j', async (amount) => {
    const member = await fundedMember();

    const response = await withdraw(member.browser, { amount }).expect(400);

    expect(response.body.message).toBe('Please enter a valid amount.');
    expect(await testApp.accountEvents(member.userId)).toHaveLength(1);
  });

  it('refuses more than the source holds', async () => {
    const member = await withdrawingMember('50.00');

    const fromBalance = await withdraw(member.browser, { amount: '50.01' }).expect(400);
    const fromProfit = await withdraw(member.browser, { amount: '1.00', source: 'profit' }).expect(400);

    for (const response of [fromBalance, fromProfit]) {
      expect(response.body).toEqual({
        message: 'Insufficient balance',
        fieldErrors: { amount: ['Insufficient balance'] },
      });
    }
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 5_000n,
      reserved: 0n,
    });
  });

  it("refuses an address that is not valid for the method's network", async () => {
    const member = await fundedMember();

    const response = await withdraw(member.browser, { wallet_address: ETHEREUM_ADDRESS }).expect(400);

    expect(Object.keys(response.body.fieldErrors)).toEqual(['wallet_address']);
  });

  it('answers a repeated Idempotency-Key with the first withdrawal', async () => {
    const member = await withdrawingMember();
    const key = randomUUID();

    const first = await withdraw(member.browser).set('Idempotency-Key', key).expect(201);
    const again = await withdraw(member.browser).set('Idempotency-Key', key).expect(201);

    expect(again.body).toEqual(first.body);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 90_000n,
      reserved: 10_000n,
    });
  });

  it('answers a repeat of a withdrawal of the whole balance with the first one, not with a refusal', async () => {
    const member = await withdrawingMember('100.00');
    const key = randomUUID();

    const first = await withdraw(member.browser).set('Idempotency-Key', key).expect(201);
    const again = await withdraw(member.browser).set('Idempotency-Key', key).expect(201);
    const another = await withdraw(member.browser).set('Idempotency-Key', randomUUID()).expect(400);

    expect(again.body).toEqual(first.body);
    expect(another.body.message).toBe('Insufficient balance');
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 0n,
      reserved: 10_000n,
    });
  });

  it('takes no more money into a closed account: a pending deposit can be rejected, not confirmed, and staff cannot adjust it', async () => {
    const member = await fundedMember();
    const pending = await requestDeposit(member.browser, '1500.00');
    const data = await memberDetail(admin.browser, member.userId);
    await admin.browser.delete(`/api/admin/users/${member.userId}`).expect(200);

    const confirm = await admin.browser.post(`/api/admin/deposits/${pending.depositId}/confirm`);
    expect({ status: confirm.status, message: confirm.body.message }).toEqual({
      status: 409,
      message: 'This account is closed.',
    });
    const adjust = await admin.browser.put(`/api/admin/users/${member.userId}/balances`).send({
      available: { shown: data.buckets.available, target: '5000.00' },
      reason: 'Goodwill',
      version: data.version,
    });
    const limits = await admin.browser
      .put(`/api/admin/users/${member.userId}/withdrawal-limits`)
      .send({ daily: '100.00', thirty_days: '1000.00', reason: 'Requested' });
    expect([adjust.status, limits.status]).toEqual([404, 404]);
    await admin.browser
      .post(`/api/admin/deposits/${pending.depositId}/reject`)
      .send({ reason: 'Account closed; refunded' })
      .expect(200);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 100_000n,
      invested: 0n,
    });
  });
});

describe('paying and rejecting withdrawals', () => {
  it('pays a withdrawal once: reserved goes down, total withdrawn up', async () => {
    const member = await withdrawingMember();
    const { body } = await withdraw(member.browser, { amount: '300.00' }).expect(201);

    const paid = await admin.browser
      .post(`/api/admin/withdrawals/${body.withdrawalId}/pay`)
      .send({ payoutReference: 'tx-123' })
      .expect(200);
    const again = await admin.browser
      .post(`/api/admin/withdrawals/${body.withdrawalId}/pay`)
      .send({})
      .expect(200);

    expect(paid.body.message).toBe('Withdrawal marked as paid');
    expect(again.body).toEqual({ message: 'Withdrawal already paid', position: paid.body.position });
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 70_000n,
      reserved: 0n,
      total_withdrawn: 30_000n,
    });
    const events = await testApp.accountEvents(member.userId);
    expect(events.at(-1)).toMatchObject({
      type: 'WithdrawalPaid',
      data: { payoutReference: 'tx-123', adminId: admin.userId },
    });
    const reject = await admin.browser
      .post(`/api/admin/withdrawals/${body.withdrawalId}/reject`)
      .send({ reason: 'Changed my mind' })
      .expect(409);
    expect(reject.body.message).toBe('This withdrawal was paid and cannot be rejected.');
  });

  it('rejects a withdrawal: the reserved amount returns to the balance', async () => {
    const member = await withdrawingMember();
    const { body } = await withdraw(member.browser, { amount: '300.00' }).expect(201);

    await admin.browser
      .post(`/api/admin/withdrawals/${body.withdrawalId}/reject`)
      .send({ reason: 'Address on a sanctions list' })
      .expect(200)
      .expect(({ body }) => expect(body.message).toBe('Withdrawal rejected'));

    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 100_000n,
      reserved: 0n,
    });
    await admin.browser.post(`/api/admin/withdrawals/${body.withdrawalId}/pay`).send({}).expect(409);
  });

  it("keeps members and auditors away from withdrawals, and members from another's ids", async () => {
    const owner = await withdrawingMember();
    const other = await withdrawingMember();
    const { body } = await withdraw(owner.browser).expect(201);

    await other.browser.post(`/api/admin/withdrawals/${body.withdrawalId}/pay`).send({}).expect(403);
    await auditor.browser.post(`/api/admin/withdrawals/${body.withdrawalId}/pay`).send({}).expect(403);
    await other.browser.get(`/api/deposits/${body.withdrawalId}/proof`).expect(404);
    await admin.browser.post(`/api/admin/withdrawals/${randomUUID()}/pay`).send({}).expect(404);
    expect(await stateRow(testApp.accounts, owner.userId)).toMatchObject({ reserved: 10_000n });
  });
});

describe('PUT /api/admin/users/:id/balances', () => {
  it('posts one adjustment per changed figure, with the reason', async () => {
    const member = await fundedMember('100.00');

    const response = await admin.browser
      .put(`/api/admin/users/${member.userId}/balances`)
      .send({
        available: { shown: '100.00', target: '80.00' },
        invested: { shown: '0.00', target: '500.00' },
        profit: { shown: '0.00', target: '12.34' },
        reason: 'Correction',
        version: 1,
      })
      .expect(200);

    expect(response.body.message).toBe('Balances updated');
    const events = await testApp.accountEvents(member.userId);
    expect(events.slice(1).map((event) => event.data)).toEqual([
      expect.objectContaining({ bucket: 'available', amount: '-2000', reason: 'Correction' }),
      expect.objectContaining({ bucket: 'invested', amount: '50000', reason: 'Correction' }),
      expect.objectContaining({ bucket: 'profit', amount: '1234', reason: 'Correction' }),
    ]);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      version: 4,
      available: 8_000n,
      invested: 50_000n,
      profit_unlocked: 1_234n,
    });
  });

  it('answers 409 when the account changed since the form was opened', async () => {
    const member = await withdrawingMember();
    const opened = await memberDetail(admin.browser, member.userId);
    await withdraw(member.browser).expect(201);

    const response = await admin.browser
      .put(`/api/admin/users/${member.userId}/balances`)
      .send({
        available: { shown: opened.buckets.available, target: '1100.00' },
        reason: 'Top up',
        version: opened.version,
      })
      .expect(409);

    expect(opened.buckets.available).toBe('1000.00');
    expect(response.body).toEqual({ message: accountMessages.accountChanged });
    expect((await testApp.accountEvents(member.userId)).map((event) => event.type)).toEqual(
      FUNDED_BOOK_AND_WITHDRAWAL,
    );
  });

  it('refuses a short reason and lets auditors change nothing', async () => {
    const member = await testApp.member();
    const form = { available: { shown: '0.00', target: '1.00' }, version: 0 };

    const short = await admin.browser
      .put(`/api/admin/users/${member.userId}/balances`)
      .send({ ...form, reason: 'x' })
      .expect(400);
    await auditor.browser
      .put(`/api/admin/users/${member.userId}/balances`)
      .send({ ...form, reason: 'Audit' })
      .expect(403);

    expect(short.body.fieldErrors).toEqual({ reason: [accountMessages.invalidReason] });
    expect(await testApp.accountEvents(member.userId)).toEqual([]);
  });
});

describe('member profile and closure by an admin', () => {
  it('edits names and e-mail, refusing an e-mail another account has', async () => {
    const member = await testApp.member();
    const other = await testApp.member();
    const taken = await testApp.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', other.userId)
      .executeTakeFirstOrThrow();

    await admin.browser
      .patch(`/api/admin/users/${member.userId}`)
      .send({ first_name: 'Mary', last_name: 'Somerville', email: 'Mary.S@example.test' })
      .expect(200, { message: 'User updated successfully' });
    const clash = await admin.browser
      .patch(`/api/admin/users/${member.userId}`)
      .send({ first_name: 'Mary', last_name: 'Somerville', email: taken.email })
      .expect(409);

    expect(clash.body).toEqual({
      message: 'An account with this e-mail already exists',
      fieldErrors: { email: ['An account with this e-mail already exists'] },
    });
    expect(
      await testApp.db
        .selectFrom('users')
        .select(['first_name', 'last_name', 'email'])
        .where('id', '=', member.userId)
        .executeTakeFirst(),
    ).toEqual({ first_name: 'Mary', last_name: 'Somerville', email: 'mary.s@example.test' });
  });

  it('closes an account: sessions end, personal data goes, the money history stays', async () => {
    const member = await fundedMember();
    await member.browser
      .put('/api/user/wallets')
      .send({ bitcoin: BITCOIN_ADDRESS, ethereum: ETHEREUM_ADDRESS, usdt: ETHEREUM_ADDRESS })
      .expect(200);
    await withdraw(member.browser).expect(201);
    const payoutWalletRows = async () => {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from payout_wallets where user_id = ${member.userId}
      `.execute(testApp.db);
      return rows[0]?.count;
    };
    expect(await payoutWalletRows()).toBe(1);

    await admin.browser
      .delete(`/api/admin/users/${member.userId}`)
      .expect(200, { message: 'Account closed' });

    await member.browser.get('/api/user').expect(401);
    expect(
      await testApp.db
        .selectFrom('users')
        .select(['status', 'email', 'first_name', 'last_name', 'phone'])
        .where('id', '=', member.userId)
        .executeTakeFirst(),
    ).toEqual({ status: 'closed', email: null, first_name: '', last_name: '', phone: null });
    const destinations = await testApp.accounts
      .selectFrom('withdrawal_destinations')
      .select('wallet_address')
      .where('user_id', '=', member.userId)
      .execute();
    expect(destinations).toEqual([{ wallet_address: null }]);
    expect(await payoutWalletRows()).toBe(0);
    expect((await testApp.events(member.userId)).map((event) => event.type)).toContain('AccountClosed');
    expect((await testApp.accountEvents(member.userId)).map((event) => event.type)).toEqual(
      FUNDED_BOOK_AND_WITHDRAWAL,
    );
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 90_000n,
      reserved: 10_000n,
    });
  });
});

describe('POST /api/withdraw sent five times at once with one Idempotency-Key', () => {
  it('reserves once, and every request gets the first answer', async () => {
    const member = await withdrawingMember('1000.00');
    const key = randomUUID();

    const answers = await Promise.all(
      Array.from({ length: 5 }, () => withdraw(member.browser).set('Idempotency-Key', key)),
    );

    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201]);
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect((await testApp.accountEvents(member.userId)).map((event) => event.type)).toEqual(
      FUNDED_BOOK_AND_WITHDRAWAL,
    );
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 90_000n,
      reserved: 10_000n,
    });
  });
});

describe('keyed withdrawals of one account sent at once', () => {
  it('take no more than ten awaiting review, and reach the log in the order of their stream positions', async () => {
    const member = await withdrawingMember('1000.00');

    const keys = Array.from({ length: 12 }, () => randomUUID());
    const answers = await Promise.all(
      keys.map((key) => withdraw(member.browser, { amount: '10.00' }).set('Idempotency-Key', key)),
    );

    // Ten is the most a member may have awaiting review (WITHDRAWALS_PENDING_MAX's default).
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(10).fill(201), 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body)).toEqual([
      { message: accountMessages.tooManyPendingWithdrawals(10) },
      { message: accountMessages.tooManyPendingWithdrawals(10) },
    ]);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 90_000n,
      reserved: 10_000n,
    });
    const protection = await member.browser.get('/api/user/withdrawal-protection').expect(200);
    expect(protection.body.awaiting_review).toEqual({ count: 10, most: 10 });
    // At the bound, a repeat of a taken request still answers as it did; a refused one is refused again.
    const taken = answers.findIndex((answer) => answer.status === 201);
    const repeat = await withdraw(member.browser, { amount: '10.00' }).set('Idempotency-Key', keys[taken]!);
    expect(repeat.status).toBe(201);
    expect(repeat.body.withdrawalId).toBe(answers[taken]!.body.withdrawalId);
    const refused = answers.findIndex((answer) => answer.status === 409);
    const again = await withdraw(member.browser, { amount: '10.00' }).set('Idempotency-Key', keys[refused]!);
    expect(again.status).toBe(409);
    const events = await testApp.accountEvents(member.userId);
    const inLogOrder = [...events].sort((a, b) =>
      a.transactionId === b.transactionId
        ? Number(a.globalPosition - b.globalPosition)
        : a.transactionId < b.transactionId
          ? -1
          : 1,
    );
    expect(inLogOrder.map((event) => event.streamPosition)).toEqual(
      events.map((event) => event.streamPosition),
    );
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACCOUNT_CLOSED, type AccountEvent } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { untilWaitingForLocks } from '../testing/lock-waits.js';
import { adjustBalancesAtCurrentVersion, savePayoutAddresses } from '../testing/account-steps.js';

/**
 * An account command first reads the account without a lock, decides, and writes in one statement that takes
 * the account's locks and writes only if the account is still as read. Here the test holds the member's state
 * row until every request under test has read the account and waits to write, so that they all decide on the
 * same read; the first to write wins and each other one must find the account moved and decide again.
 */

let testApp: AccountsTestApp;
let admin: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('accounts_unlocked_attempt');
  admin = await testApp.admin();
});

afterAll(async () => {
  await testApp?.close();
});

async function memberWith(available: string): Promise<{ browser: TestAgent; userId: string }> {
  const member = await testApp.member();
  await adjustBalancesAtCurrentVersion(admin.browser, member.userId, {
    available,
    reason: 'Opening balance',
  });
  await savePayoutAddresses(member.browser);
  return member;
}

function untilWaiting(count: number): Promise<void> {
  return untilWaitingForLocks(testApp.db, count);
}

/**
 * Sends `requests` while the test holds the member's state row (a plain read passes it, a write waits), lets
 * `meanwhile` run once they all wait to write, then lets them go.
 */
async function decidedOnOneRead(
  userId: string,
  requests: (() => Promise<Response>)[],
  meanwhile: () => Promise<void> = async () => {},
): Promise<Response[]> {
  const { sent } = await testApp.db.transaction().execute(async (trx) => {
    await sql`select version from account_states where user_id = ${userId} for share`.execute(trx);
    const sent = Promise.all(requests.map((request) => request().then((response) => response)));
    await untilWaiting(requests.length);
    await meanwhile();
    // Wrapped, so that the transaction commits without waiting for the requests it holds.
    return { sent: { sent } };
  });
  return sent.sent;
}

const withdrawal = (member: TestAgent, amount: string) => () =>
  member.post('/api/withdraw').send({ amount, payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS });

async function withdrawalsOf(userId: string) {
  return (await testApp.accountEvents(userId)).flatMap((event) =>
    event.type === 'WithdrawalRequested'
      ? [{ ...event, data: event.data as Extract<AccountEvent, { type: 'WithdrawalRequested' }>['data'] }]
      : [],
  );
}

describe('an account command decided on a read the account has moved past', () => {
  it('two withdrawals of the whole balance decided on one read: one is reserved, the other refused', async () => {
    const { browser, userId } = await memberWith('300.00');

    const responses = await decidedOnOneRead(userId, [
      withdrawal(browser, '300.00'),
      withdrawal(browser, '300.00'),
    ]);

    expect(responses.map((response) => response.status).sort()).toEqual([201, 400]);
    const refused = responses.find((response) => response.status === 400)!;
    expect(refused.body).toMatchObject({ fieldErrors: { amount: [expect.any(String)] } });
    expect(await withdrawalsOf(userId)).toHaveLength(1);
    const state = await stateRow(testApp.accounts, userId);
    expect(state).toMatchObject({ available: 0n, reserved: 30_000n });
  });

  it('three withdrawals decided on one read are all kept, one after the other, in the log as in the stream', async () => {
    const { browser, userId } = await memberWith('300.00');

    const responses = await decidedOnOneRead(userId, [
      withdrawal(browser, '10.00'),
      withdrawal(browser, '20.00'),
      withdrawal(browser, '30.00'),
    ]);

    expect(responses.map((response) => response.status)).toEqual([201, 201, 201]);
    const requested = await withdrawalsOf(userId);
    expect(requested.map((event) => String(event.data.amount)).sort()).toEqual(['1000', '2000', '3000']);
    const byLog = [...requested].sort((a, b) =>
      a.transactionId === b.transactionId
        ? Number(a.globalPosition - b.globalPosition)
        : Number(a.transactionId - b.transactionId),
    );
    expect(byLog.map((event) => event.streamPosition)).toEqual(
      requested.map((event) => event.streamPosition),
    );
    const state = await stateRow(testApp.accounts, userId);
    expect(state).toMatchObject({ available: 24_000n, reserved: 6_000n });
    const { rows } = await sql<{ withdrawal_id: string }>`
      select withdrawal_id from withdrawal_destinations where user_id = ${userId}`.execute(testApp.db);
    expect(rows.map((row) => row.withdrawal_id).sort()).toEqual(
      requested.map((event) => event.data.withdrawalId).sort(),
    );
  });

  it('one request sent twice with one Idempotency-Key, decided on one read: one withdrawal, answered alike', async () => {
    const { browser, userId } = await memberWith('300.00');
    const key = randomUUID();
    const keyed = () => withdrawal(browser, '40.00')().set('Idempotency-Key', key);

    const [first, second] = await decidedOnOneRead(userId, [keyed, keyed]);

    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(second!.body).toEqual(first!.body);
    expect(await withdrawalsOf(userId)).toHaveLength(1);
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({ available: 26_000n, reserved: 4_000n });
  });

  it('a withdrawal decided while the account was open, written after it closed: refused, nothing kept', async () => {
    const { browser, userId } = await memberWith('300.00');

    const [response] = await decidedOnOneRead(userId, [withdrawal(browser, '50.00')], async () => {
      await admin.browser.delete(`/api/admin/users/${userId}`).expect(200);
    });

    expect(response!.status).toBe(409);
    expect(response!.body).toMatchObject({ message: ACCOUNT_CLOSED });
    expect(await withdrawalsOf(userId)).toHaveLength(0);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from withdrawal_destinations where user_id = ${userId}`.execute(testApp.db);
    expect(rows[0]!.n).toBe(0);
  });
});

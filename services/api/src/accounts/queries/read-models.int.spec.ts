import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readModels } from '@ledgerstone/contracts';
import { EventStore, waitForCheckpoints, type LogPosition } from '@ledgerstone/eventstore';
import { accountStreamId, type AccountEvent } from '@ledgerstone/ledger';
import { positionSeal } from '@ledgerstone/process-kit';
import { sql } from 'kysely';
import type TestAgent from 'supertest/lib/agent.js';
import {
  activeMember,
  member as memberDetails,
  signedIn,
  staffSignedIn,
  startIdentityTestApp,
  type IdentityTestApp,
} from '../../testing/identity-test-app.js';
import { startProjectorProcess, type ProjectorProcess } from '../../shared/testing/projector-process.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const METHOD_ID = '0b8e4c1a-9f2d-4e6b-8a7c-1d2e3f4a5b6c';
const ADMIN_ID = '3a9d7e2b-1c4f-4b8a-9e6d-7f0a1b2c3d4e';
const PLAN = { planId: randomUUID(), planVersion: 1, planName: 'Gold', percentage: '50', termDays: 30 };

let testApp: IdentityTestApp;
let projector: ProjectorProcess;
let store: EventStore;
let alice: { userId: string; email: string; browser: TestAgent; referralCode: string };
let bob: { userId: string; email: string; browser: TestAgent };
let admin: TestAgent;
let auditor: TestAgent;
const ids = {
  confirmedDeposit: randomUUID(),
  pendingDeposit: randomUUID(),
  rejectedDeposit: randomUUID(),
  paidWithdrawal: randomUUID(),
  pendingWithdrawal: randomUUID(),
  bobDeposit: randomUUID(),
};

/** As a command's answer gives it: sealed. */
function position({ transactionId, globalPosition }: LogPosition): string {
  return testApp.sealPosition(`${transactionId}:${globalPosition}`);
}

/** Appends account events straight to the member's stream, as the account commands would. */
async function append(userId: string, events: AccountEvent[]): Promise<LogPosition> {
  const stream = await store.readStream(accountStreamId(userId));
  const result = await store.append(
    accountStreamId(userId),
    events.map((event) => ({ id: randomUUID(), ...event })),
    { expectedVersion: stream.length },
  );
  return result.logPosition;
}

function requested(userId: string, depositId: string, amount: string, day: number): AccountEvent {
  return {
    type: 'DepositRequested',
    data: {
      ...PLAN,
      userId,
      depositId,
      amount,
      paymentMethodId: METHOD_ID,
      proofKey: `proofs/${depositId}`,
      transactionHash: null,
      requestedAt: `2026-11-0${day}T10:00:00.000Z`,
    },
  };
}

function withdrawal(userId: string, withdrawalId: string, amount: string, day: number): AccountEvent {
  return {
    type: 'WithdrawalRequested',
    data: {
      userId,
      withdrawalId,
      source: 'balance',
      amount,
      paymentMethodId: METHOD_ID,
      requestedAt: `2026-11-0${day}T12:00:00.000Z`,
    },
  };
}

beforeAll(async () => {
  testApp = await startIdentityTestApp('read_model_queries', { RATE_LIMIT_SIGNUP_PER_IP_HOUR: '1000' });
  store = testApp.app.get(EventStore);
  const aliceDetails = await activeMember(testApp, { firstName: 'Alice', lastName: 'liddell' });
  const { referral_code: referralCode } = await testApp.db
    .selectFrom('users')
    .select('referral_code')
    .where('id', '=', aliceDetails.userId)
    .executeTakeFirstOrThrow();
  alice = { ...aliceDetails, browser: await signedIn(testApp, aliceDetails), referralCode };
  const bobDetails = await activeMember(testApp, { firstName: 'Bob', lastName: 'Marley', referralCode });
  bob = { ...bobDetails, browser: await signedIn(testApp, bobDetails) };
  // Carol signs up through Alice's link but never verifies.
  await testApp
    .browser()
    .post('/api/user')
    .send(memberDetails({ firstName: 'Carol', lastName: 'Danvers', referralCode }))
    .expect(201);
  admin = (await staffSignedIn(testApp, 'admin')).browser;
  auditor = (await staffSignedIn(testApp, 'auditor')).browser;
  await testApp.db
    .insertInto('payment_methods' as never)
    .values({
      id: METHOD_ID,
      name: 'BITCOIN',
      network: 'bitcoin',
      address: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
      active: true,
      display_order: 1,
      created_at: new Date(),
      updated_at: new Date(),
    } as never)
    .execute();

  await append(alice.userId, [
    requested(alice.userId, ids.confirmedDeposit, '150000', 1),
    {
      type: 'DepositConfirmed',
      data: {
        userId: alice.userId,
        depositId: ids.confirmedDeposit,
        investmentId: randomUUID(),
        amount: '150000',
        confirmedAt: '2026-11-01T11:00:00.000Z',
        maturesAt: '2026-12-01T11:00:00.000Z',
        adminId: ADMIN_ID,
      },
    },
    requested(alice.userId, ids.rejectedDeposit, '5000', 2),
    {
      type: 'DepositRejected',
      data: {
        userId: alice.userId,
        depositId: ids.rejectedDeposit,
        amount: '5000',
        reason: 'Blurred proof',
        rejectedAt: '2026-11-02T11:00:00.000Z',
        adminId: ADMIN_ID,
      },
    },
    {
      type: 'BalanceAdjusted',
      data: {
        userId: alice.userId,
        adjustmentId: randomUUID(),
        bucket: 'available',
        amount: '40000',
        reason: 'Welcome bonus',
        adjustedAt: '2026-11-03T09:00:00.000Z',
        adminId: ADMIN_ID,
      },
    },
    withdrawal(alice.userId, ids.paidWithdrawal, '10000', 3),
    {
      type: 'WithdrawalPaid',
      data: {
        userId: alice.userId,
        withdrawalId: ids.paidWithdrawal,
        source: 'balance',
        amount: '10000',
        payoutReference: 'tx-1',
        paidAt: '2026-11-03T13:00:00.000Z',
        adminId: ADMIN_ID,
      },
    },
    withdrawal(alice.userId, ids.pendingWithdrawal, '2500', 4),
    requested(alice.userId, ids.pendingDeposit, '20000', 5),
  ]);
  const last = await append(bob.userId, [requested(bob.userId, ids.bobDeposit, '7000', 6)]);

  projector = await startProjectorProcess({
    databaseUrl: testApp.databaseUrl,
    redisUrl: REDIS_URL,
    redisPrefix: testApp.redisPrefix,
  });
  const reached = await waitForCheckpoints(testApp.db, {
    names: Object.values(readModels),
    position: last,
    timeoutMs: 15_000,
  });
  if (!reached) throw new Error('the projector did not catch up');
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('member queries', () => {
  it('GET /api/user carries the four figures of the dashboard', async () => {
    const profile = await alice.browser.get('/api/user').expect(200);

    expect(profile.body).toMatchObject({
      id: alice.userId,
      withdrawable_balance: '275.00',
      total_invest: '1500.00',
      total_withdrawal: '100.00',
      total_balance: '0.00',
    });
  });

  it("GET /api/transactions/deposit lists the member's deposits, newest first", async () => {
    const response = await alice.browser.get('/api/transactions/deposit').expect(200);

    expect(response.body.data).toEqual([
      {
        id: ids.pendingDeposit,
        amount: '200.00',
        plan_name: 'Gold',
        percentage: '50',
        payment_method_id: METHOD_ID,
        payment_method: 'BITCOIN',
        status: 'pending',
        reason: null,
        createdAt: '2026-11-05T10:00:00.000Z',
        decidedAt: null,
      },
      expect.objectContaining({ id: ids.rejectedDeposit, status: 'rejected', reason: 'Blurred proof' }),
      expect.objectContaining({
        id: ids.confirmedDeposit,
        amount: '1500.00',
        status: 'completed',
        decidedAt: '2026-11-01T11:00:00.000Z',
      }),
    ]);
  });

  it("GET /api/withdraw lists the member's withdrawals, newest first", async () => {
    const response = await alice.browser.get('/api/withdraw').expect(200);

    expect(response.body.data).toEqual([
      expect.objectContaining({
        id: ids.pendingWithdrawal,
        amount: '25.00',
        status: 'pending',
        payment_method: 'BITCOIN',
      }),
      expect.objectContaining({
        id: ids.paidWithdrawal,
        amount: '100.00',
        source: 'balance',
        status: 'paid',
        payout_reference: 'tx-1',
      }),
    ]);
  });

  it('GET /api/transactions/deposit answers a page of pageSize rows, newest first, and the total of all pages', async () => {
    const pageOf = async (query: Record<string, string>) => {
      const { body } = await alice.browser.get('/api/transactions/deposit').query(query).expect(200);
      return { ids: body.data.map((row: { id: string }) => row.id), total: body.total };
    };

    expect(await pageOf({ page: '1', pageSize: '2' })).toEqual({
      ids: [ids.pendingDeposit, ids.rejectedDeposit],
      total: 3,
    });
    expect(await pageOf({ page: '2', pageSize: '2' })).toEqual({ ids: [ids.confirmedDeposit], total: 3 });
    expect(await pageOf({ page: '3', pageSize: '2' })).toEqual({ ids: [], total: 3 });
    expect(await pageOf({ pageSize: '2' })).toEqual({
      ids: [ids.pendingDeposit, ids.rejectedDeposit],
      total: 3,
    });
    expect(await pageOf({})).toEqual({
      ids: [ids.pendingDeposit, ids.rejectedDeposit, ids.confirmedDeposit],
      total: 3,
    });
  });

  it.each([
    ['the amount as shown', '$1,500', () => [ids.confirmedDeposit]],
    ['the amount in digits', '1500.00', () => [ids.confirmedDeposit]],
    ['part of an amount', '00.00', () => [ids.pendingDeposit, ids.confirmedDeposit]],
    ['the status, in any case', 'PENDING', () => [ids.pendingDeposit]],
    ['the reason of a rejection', 'blurred', () => [ids.rejectedDeposit]],
    ['the payment method', 'Bitcoin', () => [ids.pendingDeposit, ids.rejectedDeposit, ids.confirmedDeposit]],
    ['a % as a letter', '%', () => []],
    ['a _ as a letter', '_', () => []],
    ['a backslash as a letter', '\\', () => []],
    ['an emoji', '\u{1F4B0}', () => []],
  ])('GET /api/transactions/deposit?search= finds %s', async (_, search, expected) => {
    const response = await alice.browser
      .get('/api/transactions/deposit')
      .query({ page: '1', pageSize: '5', search })
      .expect(200);

    expect(response.body.data.map((row: { id: string }) => row.id)).toEqual(expected());
    expect(response.body.total).toBe(expected().length);
  });

  it("GET /api/transactions/deposit?search= finds none of another member's rows", async () => {
    const response = await bob.browser
      .get('/api/transactions/deposit')
      .query({ search: 'bitcoin' })
      .expect(200);

    expect(response.body).toEqual({ data: [expect.objectContaining({ id: ids.bobDeposit })], total: 1 });
  });

  it('GET /api/withdraw pages and searches like the deposits', async () => {
    const first = await alice.browser.get('/api/withdraw').query({ page: '1', pageSize: '1' }).expect(200);
    const second = await alice.browser.get('/api/withdraw').query({ page: '2', pageSize: '1' }).expect(200);
    const paid = await alice.browser.get('/api/withdraw').query({ search: 'paid' }).expect(200);
    const amount = await alice.browser
      .get('/api/withdraw')
      .query({ page: '1', pageSize: '10', search: '$25.00' })
      .expect(200);

    expect(first.body).toEqual({ data: [expect.objectContaining({ id: ids.pendingWithdrawal })], total: 2 });
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: ids.paidWithdrawal })], total: 2 });
    expect(paid.body).toEqual({ data: [expect.objectContaining({ id: ids.paidWithdrawal })], total: 1 });
    expect(amount.body).toEqual({ data: [expect.objectContaining({ id: ids.pendingWithdrawal })], total: 1 });
  });

  it.each([
    ['/api/withdraw', { pageSize: '0' }, 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['/api/withdraw', { pageSize: '101' }, 'pageSize', 'Page size must be a whole number from 1 to 100'],
    ['/api/withdraw', { page: '0' }, 'page', 'Page must be a whole number from 1 to 999999999'],
    [
      '/api/transactions/deposit',
      { page: '1\u0000' },
      'page',
      'Page must be a whole number from 1 to 999999999',
    ],
    ['/api/transactions/deposit', { search: 'a\u0000b' }, 'search', expect.stringContaining('Search')],
    ['/api/transactions/deposit', { search: 'a'.repeat(201) }, 'search', expect.stringContaining('Search')],
  ])('GET %s?%j is refused with a message for the field', async (path, query, field, message) => {
    const response = await alice.browser.get(path).query(query);

    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { message: expect.any(String), fieldErrors: { [field]: [message] } },
    });
  });

  it('GET /api/user/activity lists every account event with its amount, and the reason of adjustments', async () => {
    const response = await alice.browser.get('/api/user/activity').expect(200);

    expect(response.body.data).toHaveLength(9);
    expect(response.body.data[0]).toMatchObject({ type: 'DepositRequested', amount: '200.00' });
    expect(response.body.data).toContainEqual(
      expect.objectContaining({
        type: 'BalanceAdjusted',
        amount: '400.00',
        bucket: 'available',
        reason: 'Welcome bonus',
      }),
    );
  });

  it('GET /api/user/activity?limit=N answers the newest N movements, in the same order as the whole list', async () => {
    const all = await alice.browser.get('/api/user/activity').expect(200);
    const newest = await alice.browser.get('/api/user/activity').query({ limit: '3' }).expect(200);
    const more = await alice.browser.get('/api/user/activity').query({ limit: '100' }).expect(200);

    expect(newest.body.data).toEqual(all.body.data.slice(0, 3));
    expect(more.body.data).toEqual(all.body.data);
  });

  it.each([
    ['zero', '0'],
    ['above 100', '101'],
    ['negative', '-1'],
    ['with an exponent', '1e1'],
    ['with a space', ' 5'],
    ['with a NUL', '5\u0000'],
    ['of an emoji', '\u{1F4B0}'],
    ['of 1,000 digits', '9'.repeat(1_000)],
  ])('GET /api/user/activity refuses a limit %s with a message for the field', async (_, limit) => {
    const response = await alice.browser.get('/api/user/activity').query({ limit });

    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: {
        message: expect.any(String),
        fieldErrors: { limit: ['Limit must be a whole number from 1 to 100'] },
      },
    });
  });

  it('GET /api/user/activity refuses two limits', async () => {
    const response = await alice.browser.get('/api/user/activity?limit=1&limit=2').expect(400);

    expect(response.body.fieldErrors).toEqual({ limit: [expect.stringContaining('Limit must be')] });
  });

  it('GET /api/users/affiliates shows first name, last initial, the parent code and verification only', async () => {
    const response = await alice.browser.get('/api/users/affiliates').expect(200);

    expect(response.body.data).toEqual([
      {
        first_name: 'Carol',
        last_initial: 'D.',
        referral_code: alice.referralCode,
        isVerified: false,
        createdAt: expect.any(String),
      },
      {
        first_name: 'Bob',
        last_initial: 'M.',
        referral_code: alice.referralCode,
        isVerified: true,
        createdAt: expect.any(String),
      },
    ]);
  });

  it("member B never sees member A's rows through any query", async () => {
    const [profile, deposits, withdrawals, activity, affiliates] = await Promise.all(
      [
        '/api/user',
        '/api/transactions/deposit',
        '/api/withdraw',
        '/api/user/activity',
        '/api/users/affiliates',
      ].map((path) => bob.browser.get(path).expect(200)),
    );

    expect(profile!.body).toMatchObject({
      id: bob.userId,
      withdrawable_balance: '0.00',
      total_invest: '0.00',
    });
    expect(deposits!.body.data).toEqual([expect.objectContaining({ id: ids.bobDeposit, amount: '70.00' })]);
    expect(withdrawals!.body.data).toEqual([]);
    expect(activity!.body.data).toEqual([
      expect.objectContaining({ type: 'DepositRequested', amount: '70.00' }),
    ]);
    expect(affiliates!.body.data).toEqual([]);
    const everything = JSON.stringify([deposits!.body, withdrawals!.body, activity!.body]);
    for (const id of Object.values(ids).filter((id) => id !== ids.bobDeposit)) {
      expect(everything).not.toContain(id);
    }
  });

  it('with ?after= a query answers once the projector has passed the position', async () => {
    const depositId = randomUUID();
    const at = await append(bob.userId, [requested(bob.userId, depositId, '9900', 7)]);

    const response = await bob.browser.get(`/api/transactions/deposit?after=${position(at)}`).expect(200);

    expect(response.body.data[0]).toMatchObject({ id: depositId, amount: '99.00', status: 'pending' });
  });

  it('waits at most 2 s for a position never reached, then answers anyway; refuses a malformed one', async () => {
    const started = Date.now();
    await bob.browser
      .get('/api/withdraw')
      .query({ after: testApp.sealPosition('999999999999:999999999999') })
      .expect(200);
    const waited = Date.now() - started;

    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(waited).toBeLessThan(4_000);
    const malformed = await bob.browser.get('/api/withdraw?after=latest').expect(400);
    expect(malformed.body.fieldErrors).toEqual({ after: ['must be the position a command answered with'] });
  });

  it('takes back only a position the api gave: a plain one, or one sealed with another key, is refused at once', async () => {
    const elsewhere = positionSeal('another platform with a secret of its own').seal('1:1');
    const sealed = testApp.sealPosition('1:1');
    const tampered = `${sealed.slice(0, -1)}${sealed.endsWith('B') ? 'C' : 'B'}`;
    for (const query of [
      'after=1:1',
      `after=${elsewhere}`,
      `after=${tampered}`,
      `after=${sealed}&after=${sealed}`,
      `after=${'%00'.repeat(92)}`,
    ]) {
      const started = Date.now();
      const refused = await bob.browser.get(`/api/withdraw?${query}`).expect(400);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(refused.body.fieldErrors?.after).toHaveLength(1);
    }
    await bob.browser.get('/api/withdraw').query({ after: sealed }).expect(200);
  });
});

describe('admin queries', () => {
  it('GET /api/admin/users searches by name or e-mail, pages, and shows the real status and balance', async () => {
    const byEmail = await admin.get('/api/admin/users').query({ search: alice.email }).expect(200);
    expect(byEmail.body).toEqual({
      users: [
        {
          id: alice.userId,
          first_name: 'Alice',
          last_name: 'liddell',
          email: alice.email,
          status: 'active',
          withdrawable_balance: '275.00',
          createdAt: expect.any(String),
        },
      ],
      total_users: 1,
    });

    const byName = await auditor.get('/api/admin/users').query({ search: 'carol dan' }).expect(200);
    expect(byName.body.users).toEqual([
      expect.objectContaining({ first_name: 'Carol', status: 'unverified' }),
    ]);

    const firstPage = await admin.get('/api/admin/users').query({ pageSize: 2 }).expect(200);
    const secondPage = await admin.get('/api/admin/users').query({ pageSize: 2, page: 2 }).expect(200);
    expect(firstPage.body.total_users).toBe(3);
    expect(firstPage.body.users).toHaveLength(2);
    expect(secondPage.body.users).toHaveLength(1);
    const seen = [...firstPage.body.users, ...secondPage.body.users].map((user: { id: string }) => user.id);
    expect(new Set(seen).size).toBe(3);
    expect(await admin.get('/api/admin/users').query({ search: '%' }).expect(200)).toMatchObject({
      body: { users: [], total_users: 0 },
    });
  });

  it("GET /api/admin/users/:id gives the profile, and the figures with their version from the account's state row", async () => {
    // Alice's events went straight into the store: there is no state row, so no figure is at any version yet.
    const before = await admin.get(`/api/admin/users/${alice.userId}`).expect(200);
    expect(before.body.data).toMatchObject({
      id: alice.userId,
      email: alice.email,
      withdrawable_balance: '0.00',
      total_invest: '0.00',
      total_withdrawal: '0.00',
      total_balance: '0.00',
      buckets: {
        available: '0.00',
        invested: '0.00',
        profit_locked: '0.00',
        profit_unlocked: '0.00',
        reserved: '0.00',
      },
      version: 0,
    });

    // A state row one withdrawal of 100.00 ahead of the balances projection (available 275.00, reserved 25.00).
    await sql`
      insert into account_states (user_id, version, available, invested, profit_locked, profit_unlocked,
        reserved, total_deposited, total_withdrawn, state, updated_at)
      values (${alice.userId}, 9, 17500, 150000, 1200, 300, 12500, 150000, 10000, '{}', now())
    `.execute(testApp.db);
    const after = await auditor.get(`/api/admin/users/${alice.userId}`).expect(200);
    expect(after.body.data).toMatchObject({
      withdrawable_balance: '175.00',
      total_invest: '1500.00',
      total_withdrawal: '100.00',
      total_balance: '15.00',
      buckets: {
        available: '175.00',
        invested: '1500.00',
        profit_locked: '12.00',
        profit_unlocked: '3.00',
        reserved: '125.00',
      },
      version: 9,
    });

    await admin.get(`/api/admin/users/${randomUUID()}`).expect(404);
    await admin.get('/api/admin/users/not-a-uuid').expect(404, { message: 'User not found' });
  });

  it('GET /api/transactions lists deposits and withdrawals newest first, filtered and paged', async () => {
    const all = await admin.get('/api/transactions').expect(200);
    expect(all.body.total).toBe(7);
    expect(all.body.data[0]).toMatchObject({ type: 'deposit', status: 'pending', amount: '99.00' });
    expect(all.body.data.map((row: { createdAt: string }) => row.createdAt)).toEqual(
      all.body.data
        .map((row: { createdAt: string }) => row.createdAt)
        .sort()
        .reverse(),
    );

    const pendingDeposits = await auditor
      .get('/api/transactions')
      .query({ type: 'deposit', status: 'pending' })
      .expect(200);
    expect(pendingDeposits.body.data.map((row: { id: string }) => row.id).sort()).toEqual(
      [ids.pendingDeposit, ids.bobDeposit, pendingDeposits.body.data[0].id].sort(),
    );
    expect(pendingDeposits.body.total).toBe(3);

    const paged = await admin.get('/api/transactions').query({ pageSize: 2, page: 4 }).expect(200);
    expect(paged.body).toMatchObject({ total: 7, page: 4, pageSize: 2 });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.data[0]).toMatchObject({ id: ids.confirmedDeposit, user_id: alice.userId });

    await admin.get('/api/transactions').query({ type: 'loan' }).expect(400);
  });

  it('GET /api/admin/totals, /funds and /pending give the totals', async () => {
    const totals = await admin.get('/api/admin/totals').expect(200);
    expect(totals.body).toEqual({
      users: 3,
      active_users: 2,
      total_deposits: '1500.00',
      pending_deposits: { count: 3, amount: '369.00' },
      total_withdrawals: '100.00',
      pending_withdrawals: { count: 1, amount: '25.00' },
    });
    expect((await auditor.get('/api/admin/funds').expect(200)).body).toEqual({ data: '1500.00' });
    expect((await admin.get('/api/admin/pending').expect(200)).body).toEqual({ data: '369.00' });
  });

  it('refuses members on every admin query', async () => {
    for (const path of ['/api/admin/users', '/api/transactions', '/api/admin/totals', '/api/admin/funds']) {
      await alice.browser.get(path).expect(403);
    }
    await alice.browser.get(`/api/admin/users/${bob.userId}`).expect(403);
  });
});

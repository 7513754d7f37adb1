import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import {
  createTestDatabase,
  type Projection,
  type RecordedEvent,
  type TestDatabase,
} from '@ledgerstone/eventstore';
import { sql } from 'kysely';
import { BITCOIN_METHOD_ID, EventLog, memberEvents } from '../testing/recorded-events.js';
import { accountActivityProjection } from './account-activity/account-activity.projection.js';
import { adminTotalsProjection } from './admin-totals/admin-totals.projection.js';
import { depositsProjection } from './deposits/deposits.projection.js';
import { projections } from './index.js';
import { memberBalancesProjection } from './member-balances/member-balances.projection.js';
import { referralsProjection } from './referrals/referrals.projection.js';
import { transactionsProjection } from './transactions/transactions.projection.js';
import { withdrawalsProjection } from './withdrawals/withdrawals.projection.js';

let database: TestDatabase<unknown>;
const log = new EventLog();

beforeAll(async () => {
  database = await createTestDatabase('projector_read_models');
  for (const projection of projections) await projection.createTables(database.db);
});

afterAll(async () => {
  await database?.drop();
});

/** Delivers one batch the way the runner does: in one transaction. */
async function deliver(projection: Projection, events: RecordedEvent[]): Promise<void> {
  await database.db.transaction().execute((trx) => projection.apply(trx, events));
}

async function row(table: string, column: string, key: string): Promise<Record<string, unknown> | undefined> {
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} where ${sql.ref(column)} = ${key}
  `.execute(database.db);
  return rows[0];
}

async function rowsOf(table: string, column: string, key: string): Promise<Record<string, unknown>[]> {
  const { rows } = await sql<Record<string, unknown>>`
    select * from ${sql.table(table)} where ${sql.ref(column)} = ${key} order by 1
  `.execute(database.db);
  return rows;
}

describe('member balances', () => {
  const balances = (userId: string) => row('rm_member_balances', 'user_id', userId);

  it('given nothing, a deposit request makes a row of zeros at version 1', async () => {
    const member = memberEvents(log);
    await deliver(memberBalancesProjection, [member.depositRequested(randomUUID(), '100000')]);

    expect(await balances(member.userId)).toMatchObject({
      available: 0n,
      invested: 0n,
      total_deposited: 0n,
      version: 1,
    });
  });

  it('given a deposit request, a confirmation moves the amount to invested and total deposited', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(memberBalancesProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(memberBalancesProjection, [member.depositConfirmed(depositId, '150000')]);

    expect(await balances(member.userId)).toMatchObject({
      invested: 150000n,
      total_deposited: 150000n,
      available: 0n,
      version: 2,
    });
  });

  it('given a deposit request, a rejection changes no figure', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(memberBalancesProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(memberBalancesProjection, [member.depositRejected(depositId, '150000')]);

    expect(await balances(member.userId)).toMatchObject({ invested: 0n, total_deposited: 0n, version: 2 });
  });

  it('withdrawals reserve from their source, and paid or rejected ones leave the reserve', async () => {
    const member = memberEvents(log);
    const [paid, rejected] = [randomUUID(), randomUUID()];
    await deliver(memberBalancesProjection, [
      member.adjusted('available', '100000'),
      member.adjusted('profit', '50000'),
      member.withdrawalRequested(paid, '30000', 'balance'),
      member.withdrawalRequested(rejected, '20000', 'profit'),
    ]);
    expect(await balances(member.userId)).toMatchObject({
      available: 70000n,
      profit_unlocked: 30000n,
      reserved: 50000n,
    });

    await deliver(memberBalancesProjection, [
      member.withdrawalPaid(paid, '30000', 'balance'),
      member.withdrawalRejected(rejected, '20000', 'profit'),
    ]);

    expect(await balances(member.userId)).toMatchObject({
      available: 70000n,
      profit_unlocked: 50000n,
      reserved: 0n,
      total_withdrawn: 30000n,
      version: 6,
    });
  });

  it('a negative adjustment takes out of its bucket', async () => {
    const member = memberEvents(log);
    await deliver(memberBalancesProjection, [member.adjusted('invested', '10000')]);

    await deliver(memberBalancesProjection, [member.adjusted('invested', '-2500')]);

    expect(await balances(member.userId)).toMatchObject({ invested: 7500n, version: 2 });
  });

  it('a batch delivered twice leaves the same row', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    const batch = [
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
    ];
    await deliver(memberBalancesProjection, batch);
    const once = await balances(member.userId);

    await deliver(memberBalancesProjection, batch);

    expect(await balances(member.userId)).toEqual(once);
    expect(once).toMatchObject({ invested: 150000n, total_deposited: 150000n });
  });
});

describe('deposit history', () => {
  const deposit = (depositId: string) => row('rm_deposits', 'deposit_id', depositId);

  it('a request makes a pending deposit with the plan terms and method', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();

    await deliver(depositsProjection, [member.depositRequested(depositId, '150000')]);

    expect(await deposit(depositId)).toEqual({
      deposit_id: depositId,
      user_id: member.userId,
      amount: 150000n,
      plan_name: 'Gold',
      percentage: '50',
      payment_method_id: BITCOIN_METHOD_ID,
      status: 'pending',
      reason: null,
      requested_at: new Date('2026-11-21T12:00:00.000Z'),
      decided_at: null,
      version: 1,
    });
  });

  it('given a request, a confirmation completes it', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(depositsProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(depositsProjection, [member.depositConfirmed(depositId, '150000')]);

    expect(await deposit(depositId)).toMatchObject({
      status: 'completed',
      reason: null,
      decided_at: new Date('2026-11-21T13:00:00.000Z'),
      version: 2,
    });
  });

  it('given a request, a rejection keeps its reason', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    await deliver(depositsProjection, [member.depositRequested(depositId, '150000')]);

    await deliver(depositsProjection, [member.depositRejected(depositId, '150000', 'Blurred proof')]);

    expect(await deposit(depositId)).toMatchObject({
      status: 'rejected',
      reason: 'Blurred proof',
      decided_at: new Date('2026-11-21T13:00:00.000Z'),
    });
  });

  it('a batch delivered twice, or an old request delivered again, leaves the same row', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    const requested = member.depositRequested(depositId, '150000');
    const batch = [requested, member.depositRejected(depositId, '150000')];
    await deliver(depositsProjection, batch);
    const once = await deposit(depositId);

    await deliver(depositsProjection, batch);
    await deliver(depositsProjection, [requested]);

    expect(await deposit(depositId)).toEqual(once);
    expect(once).toMatchObject({ status: 'rejected' });
  });
});

describe('withdrawal history', () => {
  const withdrawal = (withdrawalId: string) => row('rm_withdrawals', 'withdrawal_id', withdrawalId);

  it('a request makes a pending withdrawal with its source and method', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();

    await deliver(withdrawalsProjection, [member.withdrawalRequested(withdrawalId, '10000', 'profit')]);

    expect(await withdrawal(withdrawalId)).toEqual({
      withdrawal_id: withdrawalId,
      user_id: member.userId,
      amount: 10000n,
      source: 'profit',
      payment_method_id: BITCOIN_METHOD_ID,
      status: 'pending',
      reason: null,
      payout_reference: null,
      requested_at: new Date('2026-11-21T12:00:00.000Z'),
      decided_at: null,
      version: 1,
    });
  });

  it('given a request, paying it keeps the payout reference', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();
    await deliver(withdrawalsProjection, [member.withdrawalRequested(withdrawalId, '10000')]);

    await deliver(withdrawalsProjection, [member.withdrawalPaid(withdrawalId, '10000', 'balance', 'tx-42')]);

    expect(await withdrawal(withdrawalId)).toMatchObject({
      status: 'paid',
      payout_reference: 'tx-42',
      reason: null,
      decided_at: new Date('2026-11-21T14:00:00.000Z'),
      version: 2,
    });
  });

  it('given a request, a rejection keeps its reason and no payout reference', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();
    await deliver(withdrawalsProjection, [member.withdrawalRequested(withdrawalId, '10000')]);

    await deliver(withdrawalsProjection, [
      member.withdrawalRejected(withdrawalId, '10000', 'balance', 'Bad address'),
    ]);

    expect(await withdrawal(withdrawalId)).toMatchObject({
      status: 'rejected',
      reason: 'Bad address',
      payout_reference: null,
    });
  });

  it('a batch delivered twice leaves the same row', async () => {
    const member = memberEvents(log);
    const withdrawalId = randomUUID();
    const batch = [
      member.withdrawalRequested(withdrawalId, '10000'),
      member.withdrawalPaid(withdrawalId, '10000'),
    ];
    await deliver(withdrawalsProjection, batch);
    const once = await withdrawal(withdrawalId);

    await deliver(withdrawalsProjection, batch);

    expect(await withdrawal(withdrawalId)).toEqual(once);
    expect(once).toMatchObject({ status: 'paid' });
  });
});

describe('account activity', () => {
  const activity = (userId: string) =>
    sql<Record<string, unknown>>`
      select type, amount, bucket, reason, stream_position from rm_account_activity
      where user_id = ${userId} order by stream_position
    `
      .execute(database.db)
      .then(({ rows }) => rows);

  it('keeps every account event with its amount, and the bucket and reason of adjustments', async () => {
    const member = memberEvents(log);
    const [depositId, rejectedDeposit, withdrawalId, rejectedWithdrawal] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await deliver(accountActivityProjection, [
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
      member.depositRequested(rejectedDeposit, '5000'),
      member.depositRejected(rejectedDeposit, '5000', 'Blurred proof'),
      member.adjusted('available', '20000', 'Welcome bonus'),
      member.withdrawalRequested(withdrawalId, '1000'),
      member.withdrawalPaid(withdrawalId, '1000'),
      member.withdrawalRequested(rejectedWithdrawal, '2000'),
    ]);

    await deliver(accountActivityProjection, [
      member.withdrawalRejected(rejectedWithdrawal, '2000', 'balance', 'Bad address'),
      member.adjusted('available', '-500', 'Fee'),
    ]);

    expect(await activity(member.userId)).toEqual([
      { type: 'DepositRequested', amount: 150000n, bucket: null, reason: null, stream_position: 1 },
      { type: 'DepositConfirmed', amount: 150000n, bucket: null, reason: null, stream_position: 2 },
      { type: 'DepositRequested', amount: 5000n, bucket: null, reason: null, stream_position: 3 },
      { type: 'DepositRejected', amount: 5000n, bucket: null, reason: 'Blurred proof', stream_position: 4 },
      {
        type: 'BalanceAdjusted',
        amount: 20000n,
        bucket: 'available',
        reason: 'Welcome bonus',
        stream_position: 5,
      },
      { type: 'WithdrawalRequested', amount: 1000n, bucket: null, reason: null, stream_position: 6 },
      { type: 'WithdrawalPaid', amount: 1000n, bucket: null, reason: null, stream_position: 7 },
      { type: 'WithdrawalRequested', amount: 2000n, bucket: null, reason: null, stream_position: 8 },
      { type: 'WithdrawalRejected', amount: 2000n, bucket: null, reason: 'Bad address', stream_position: 9 },
      { type: 'BalanceAdjusted', amount: -500n, bucket: 'available', reason: 'Fee', stream_position: 10 },
    ]);
  });

  it('a batch delivered twice leaves one row per event', async () => {
    const member = memberEvents(log);
    const batch = [member.adjusted('profit', '100'), member.adjusted('profit', '200')];
    await deliver(accountActivityProjection, batch);

    await deliver(accountActivityProjection, batch);

    expect(await rowsOf('rm_account_activity', 'user_id', member.userId)).toHaveLength(2);
  });
});

describe('admin transaction list', () => {
  const transaction = (id: string) => row('rm_transactions', 'id', id);

  it('lists deposits and withdrawals with their type, amount, method and member, pending at first', async () => {
    const member = memberEvents(log);
    const [depositId, withdrawalId] = [randomUUID(), randomUUID()];

    await deliver(transactionsProjection, [
      member.depositRequested(depositId, '150000'),
      member.withdrawalRequested(withdrawalId, '1000'),
    ]);

    expect(await transaction(depositId)).toEqual({
      id: depositId,
      type: 'deposit',
      user_id: member.userId,
      status: 'pending',
      amount: 150000n,
      payment_method_id: BITCOIN_METHOD_ID,
      created_at: new Date('2026-11-21T12:00:00.000Z'),
      version: 1,
    });
    expect(await transaction(withdrawalId)).toMatchObject({
      type: 'withdrawal',
      status: 'pending',
      amount: 1000n,
    });
  });

  it.each([
    ['a confirmed deposit', 'completed', 'deposit'],
    ['a rejected deposit', 'rejected', 'deposit'],
    ['a paid withdrawal', 'paid', 'withdrawal'],
    ['a rejected withdrawal', 'rejected', 'withdrawal'],
  ] as const)('%s is %s', async (_, status, type) => {
    const member = memberEvents(log);
    const id = randomUUID();
    const requested =
      type === 'deposit' ? member.depositRequested(id, '5000') : member.withdrawalRequested(id, '5000');
    await deliver(transactionsProjection, [requested]);

    const decision = {
      completed: () => member.depositConfirmed(id, '5000'),
      paid: () => member.withdrawalPaid(id, '5000'),
      rejected: () =>
        type === 'deposit' ? member.depositRejected(id, '5000') : member.withdrawalRejected(id, '5000'),
    }[status]();
    await deliver(transactionsProjection, [decision]);

    expect(await transaction(id)).toMatchObject({ type, status, version: 2 });
  });

  it('a batch delivered twice leaves the same rows', async () => {
    const member = memberEvents(log);
    const id = randomUUID();
    const batch = [member.depositRequested(id, '5000'), member.depositConfirmed(id, '5000')];
    await deliver(transactionsProjection, batch);
    const once = await transaction(id);

    await deliver(transactionsProjection, batch);

    expect(await transaction(id)).toEqual(once);
    expect(once).toMatchObject({ status: 'completed' });
  });
});

describe('referrals', () => {
  const referral = (userId: string) => row('rm_referrals', 'user_id', userId);

  it('records nothing for a member who came without a referrer', async () => {
    const userId = randomUUID();

    await deliver(referralsProjection, [
      log.identity('UserRegistered', { userId, role: 'member', referredBy: null }),
      log.identity('UserVerified', { userId }),
    ]);

    expect(await referral(userId)).toBeUndefined();
  });

  it('records a referred member as not verified, with the referrer and the registration time', async () => {
    const [userId, referrerId] = [randomUUID(), randomUUID()];
    const registered = log.identity('UserRegistered', { userId, role: 'member', referredBy: referrerId });

    await deliver(referralsProjection, [registered]);

    expect(await referral(userId)).toEqual({
      user_id: userId,
      referrer_id: referrerId,
      created_at: registered.recordedAt,
      verified: false,
      version: 1,
    });
  });

  it('given a referred member, verification marks them verified', async () => {
    const [userId, referrerId] = [randomUUID(), randomUUID()];
    await deliver(referralsProjection, [
      log.identity('UserRegistered', { userId, role: 'member', referredBy: referrerId }),
    ]);

    await deliver(referralsProjection, [log.identity('UserVerified', { userId })]);

    expect(await referral(userId)).toMatchObject({ verified: true, version: 2 });
  });

  it('a batch delivered twice leaves the same row', async () => {
    const [userId, referrerId] = [randomUUID(), randomUUID()];
    const batch = [
      log.identity('UserRegistered', { userId, role: 'member', referredBy: referrerId }),
      log.identity('UserVerified', { userId }),
    ];
    await deliver(referralsProjection, batch);
    const once = await referral(userId);

    await deliver(referralsProjection, batch);

    expect(await referral(userId)).toEqual(once);
  });
});

describe('admin totals', () => {
  const totals = async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select users, active_users, total_deposits, pending_deposits_count, pending_deposits_sum,
        total_withdrawals, pending_withdrawals_count, pending_withdrawals_sum
      from rm_admin_totals
    `.execute(database.db);
    return rows[0];
  };
  const zero = {
    users: 0,
    active_users: 0,
    total_deposits: 0n,
    pending_deposits_count: 0,
    pending_deposits_sum: 0n,
    total_withdrawals: 0n,
    pending_withdrawals_count: 0,
    pending_withdrawals_sum: 0n,
  };

  beforeEach(async () => {
    await sql`delete from rm_admin_totals; delete from rm_admin_member_states`.execute(database.db);
  });

  it('counts registered members, not staff, and verified members as active', async () => {
    const [member, admin] = [randomUUID(), randomUUID()];
    await deliver(adminTotalsProjection, [
      log.identity('UserRegistered', { userId: member, role: 'member', referredBy: null }),
      log.identity('UserRegistered', { userId: admin, role: 'admin', referredBy: null }),
      log.identity('UserVerified', { userId: admin }),
    ]);
    expect(await totals()).toEqual({ ...zero, users: 1 });

    await deliver(adminTotalsProjection, [log.identity('UserVerified', { userId: member })]);

    expect(await totals()).toEqual({ ...zero, users: 1, active_users: 1 });
  });

  it('a closed account leaves both counts; an unverified one only the users', async () => {
    const [verified, unverified] = [randomUUID(), randomUUID()];
    await deliver(adminTotalsProjection, [
      log.identity('UserRegistered', { userId: verified, role: 'member', referredBy: null }),
      log.identity('UserVerified', { userId: verified }),
      log.identity('UserRegistered', { userId: unverified, role: 'member', referredBy: null }),
    ]);

    await deliver(adminTotalsProjection, [log.identity('AccountClosed', { userId: verified })]);
    expect(await totals()).toEqual({ ...zero, users: 1, active_users: 0 });

    await deliver(adminTotalsProjection, [log.identity('AccountClosed', { userId: unverified })]);
    expect(await totals()).toEqual(zero);
  });

  it('keeps pending deposits until confirmed (then counted) or rejected', async () => {
    const member = memberEvents(log);
    const [confirmed, rejected] = [randomUUID(), randomUUID()];
    await deliver(adminTotalsProjection, [
      member.depositRequested(confirmed, '150000'),
      member.depositRequested(rejected, '5000'),
    ]);
    expect(await totals()).toEqual({ ...zero, pending_deposits_count: 2, pending_deposits_sum: 155000n });

    await deliver(adminTotalsProjection, [member.depositConfirmed(confirmed, '150000')]);
    expect(await totals()).toEqual({
      ...zero,
      total_deposits: 150000n,
      pending_deposits_count: 1,
      pending_deposits_sum: 5000n,
    });

    await deliver(adminTotalsProjection, [member.depositRejected(rejected, '5000')]);
    expect(await totals()).toEqual({ ...zero, total_deposits: 150000n });
  });

  it('keeps pending withdrawals until paid (then counted) or rejected; adjustments count nowhere', async () => {
    const member = memberEvents(log);
    const [paid, rejected] = [randomUUID(), randomUUID()];
    await deliver(adminTotalsProjection, [
      member.adjusted('available', '100000'),
      member.withdrawalRequested(paid, '30000'),
      member.withdrawalRequested(rejected, '20000'),
    ]);
    expect(await totals()).toEqual({
      ...zero,
      pending_withdrawals_count: 2,
      pending_withdrawals_sum: 50000n,
    });

    await deliver(adminTotalsProjection, [member.withdrawalPaid(paid, '30000')]);
    expect(await totals()).toEqual({
      ...zero,
      total_withdrawals: 30000n,
      pending_withdrawals_count: 1,
      pending_withdrawals_sum: 20000n,
    });

    await deliver(adminTotalsProjection, [member.withdrawalRejected(rejected, '20000')]);
    expect(await totals()).toEqual({ ...zero, total_withdrawals: 30000n });
  });

  it('a batch delivered twice is counted once', async () => {
    const member = memberEvents(log);
    const depositId = randomUUID();
    const batch = [
      log.identity('UserRegistered', { userId: member.userId, role: 'member', referredBy: null }),
      log.identity('UserVerified', { userId: member.userId }),
      member.depositRequested(depositId, '150000'),
      member.depositConfirmed(depositId, '150000'),
      member.depositRequested(randomUUID(), '700'),
    ];
    await deliver(adminTotalsProjection, batch);
    const once = await totals();

    await deliver(adminTotalsProjection, batch);

    expect(await totals()).toEqual(once);
    expect(once).toEqual({
      ...zero,
      users: 1,
      active_users: 1,
      total_deposits: 150000n,
      pending_deposits_count: 1,
      pending_deposits_sum: 700n,
    });
  });
});

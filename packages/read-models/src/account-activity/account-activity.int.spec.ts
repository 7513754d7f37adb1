import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { projectionDatabase } from '../testing/projection-database.js';
import { EventLog, memberEvents } from '../testing/recorded-events.js';
import { accountActivityProjection } from './account-activity.projection.js';

const { db, deliver, rowsOf } = projectionDatabase('read_models_account_activity', [
  accountActivityProjection,
]);
const log = new EventLog();

describe('account activity', () => {
  const activity = (userId: string) =>
    sql<Record<string, unknown>>`
      select type, amount, bucket, reason, stream_position from rm_account_activity
      where user_id = ${userId} order by stream_position
    `
      .execute(db())
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

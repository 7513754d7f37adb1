import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { projectionDatabase } from '../testing/projection-database.js';
import { ADMIN_ID, EventLog, memberEvents } from '../testing/recorded-events.js';
import { accountActivityProjection, evolve } from './account-activity.projection.js';

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

  it("shows the security changes of the member's identity stream among the account's events, by log order", async () => {
    const member = memberEvents(log);
    const { userId } = member;
    const sessionId = randomUUID();
    const security = {
      registered: log.identity('UserRegistered', { userId, role: 'member', referredBy: null }),
      newDevice: log.identity('NewDeviceSignedIn', { userId, sessionId }),
      appAdded: log.identity('SecondFactorAdded', { userId, method: 'totp', passkeyId: null }),
      codes: log.identity('RecoveryCodesGenerated', { userId, count: 10 }),
      codeUsed: log.identity('RecoveryCodeUsed', { userId, remaining: 9 }),
      loggedOut: log.identity('SessionEnded', { userId, sessionId, reason: 'logout' }),
      signedOutElsewhere: log.identity('SessionEnded', {
        userId,
        sessionId: randomUUID(),
        reason: 'signed-out-elsewhere',
      }),
      renamed: log.identity('PasskeyRenamed', { userId, passkeyId: 'key-1' }),
      reset: log.identity('SecondFactorsResetByAdmin', {
        userId,
        adminId: ADMIN_ID,
        reason: 'Lost phone, checked by call',
      }),
      appRemoved: log.identity('SecondFactorRemoved', { userId, method: 'totp', passkeyId: null }),
      passwordChanged: log.identity('PasswordChanged', { userId, method: 'change' }),
    };
    const deposit = randomUUID();
    const requested = member.depositRequested(deposit, '1000');
    const addedAfter = log.identity('SecondFactorAdded', { userId, method: 'passkey', passkeyId: 'key-2' });

    await deliver(accountActivityProjection, [...Object.values(security), requested, addedAfter]);

    const rows = await sql<Record<string, unknown>>`
      select type, amount, bucket, reason from rm_account_activity
      where user_id = ${userId} order by global_position
    `.execute(db());
    expect(rows.rows).toEqual(
      [
        'NewDeviceSignedIn',
        'SecondFactorAdded',
        'RecoveryCodesGenerated',
        'RecoveryCodeUsed',
        'SessionEnded',
        'SecondFactorsResetByAdmin',
        'SecondFactorRemoved',
        'PasswordChanged',
      ]
        .map((type) => ({ type, amount: 0n, bucket: null, reason: null }))
        .concat([
          { type: 'DepositRequested', amount: 1000n, bucket: null, reason: null },
          { type: 'SecondFactorAdded', amount: 0n, bucket: null, reason: null },
        ]),
    );
  });

  it('keeps no data of a security change but its type, and no row for the ends of sessions a member did not ask for', () => {
    const userId = randomUUID();
    const reset = log.identity('SecondFactorsResetByAdmin', { userId, adminId: ADMIN_ID, reason: 'Call' });

    expect(evolve(null, reset)).toEqual({
      event_id: reset.id,
      user_id: userId,
      type: 'SecondFactorsResetByAdmin',
      amount: 0n,
      bucket: null,
      reason: null,
      occurred_at: reset.recordedAt,
      stream_position: reset.streamPosition,
      global_position: reset.globalPosition,
    });
    for (const reason of ['logout', 'password-changed', 'password-reset', 'second-factors-reset'] as const) {
      expect(
        evolve(null, log.identity('SessionEnded', { userId, sessionId: randomUUID(), reason })),
      ).toBeNull();
    }
    expect(evolve(null, log.identity('UserVerified', { userId }))).toBeNull();
  });

  it("shows withdrawal protection's events without an amount, the lock, unlock and limits with their reasons", () => {
    const userId = randomUUID();
    const at = '2026-11-21T12:00:00.000Z';
    const row = (event: Parameters<typeof evolve>[1]) => {
      const evolved = evolve(null, event);
      return evolved && { type: evolved.type, amount: evolved.amount, reason: evolved.reason };
    };
    const events = [
      log.account('PayoutAddressSaved', {
        userId,
        wallet: 'bitcoin',
        addressKey: 'k',
        savedAt: at,
        usableFrom: at,
      }),
      log.account('PayoutAddressRemoved', { userId, wallet: 'solana', removedAt: at }),
      log.account('SecurityHoldStarted', {
        userId,
        cause: 'password-changed',
        changePosition: 3,
        startedAt: at,
        until: at,
      }),
      log.account('AccountLocked', {
        userId,
        lockedBy: 'member',
        adminId: null,
        reason: 'From the mail',
        lockedAt: at,
      }),
      log.account('AccountUnlocked', { userId, adminId: ADMIN_ID, reason: 'Owner called', unlockedAt: at }),
      log.account('WithdrawalLimitsSet', {
        userId,
        daily: '100000',
        thirtyDays: '300000',
        reason: 'Asked for lower limits',
        adminId: ADMIN_ID,
        setAt: at,
      }),
    ];
    expect(events.map(row)).toEqual([
      { type: 'PayoutAddressSaved', amount: 0n, reason: null },
      { type: 'PayoutAddressRemoved', amount: 0n, reason: null },
      { type: 'SecurityHoldStarted', amount: 0n, reason: null },
      { type: 'AccountLocked', amount: 0n, reason: 'From the mail' },
      { type: 'AccountUnlocked', amount: 0n, reason: 'Owner called' },
      { type: 'WithdrawalLimitsSet', amount: 0n, reason: 'Asked for lower limits' },
    ]);
  });

  it('a batch delivered twice leaves one row per event', async () => {
    const member = memberEvents(log);
    const batch = [
      member.adjusted('profit', '100'),
      log.identity('RecoveryCodeUsed', { userId: member.userId, remaining: 9 }),
      member.adjusted('profit', '200'),
    ];
    await deliver(accountActivityProjection, batch);

    await deliver(accountActivityProjection, batch);

    expect(await rowsOf('rm_account_activity', 'user_id', member.userId)).toHaveLength(3);
  });
});

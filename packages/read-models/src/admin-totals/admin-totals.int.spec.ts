import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { projectionDatabase } from '../testing/projection-database.js';
import { EventLog, memberEvents } from '../testing/recorded-events.js';
import { adminTotalsProjection } from './admin-totals.projection.js';

const { db, deliver } = projectionDatabase('read_models_admin_totals', [adminTotalsProjection]);
const log = new EventLog();

describe('admin totals', () => {
  const totals = async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select users, active_users, total_deposits, pending_deposits_count, pending_deposits_sum,
        total_withdrawals, pending_withdrawals_count, pending_withdrawals_sum
      from rm_admin_totals
    `.execute(db());
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
    await sql`delete from rm_admin_totals; delete from rm_admin_member_states`.execute(db());
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

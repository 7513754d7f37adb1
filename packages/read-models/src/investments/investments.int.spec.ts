import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { accountActivityProjection } from '../account-activity/account-activity.projection.js';
import { memberBalancesProjection } from '../member-balances/member-balances.projection.js';
import { projectionDatabase } from '../testing/projection-database.js';
import { EventLog, memberEvents } from '../testing/recorded-events.js';
import { investmentsProjection } from './investments.projection.js';

const { deliver, rowsOf } = projectionDatabase('read_models_investments', [
  investmentsProjection,
  memberBalancesProjection,
  accountActivityProjection,
]);
const log = new EventLog();

const rows = (table: string, userId: string) => rowsOf(table, 'user_id', userId);

/** A member with a running 1,500.00 Gold investment, one rejected deposit and 30 accrued days. */
function history() {
  const member = memberEvents(log);
  const [running, rejected] = [randomUUID(), randomUUID()];
  const requested = member.depositRequested(running, '150000');
  const confirmed = member.depositConfirmed(running, '150000');
  const { investmentId } = confirmed.data;
  const opened = [
    requested,
    confirmed,
    member.depositRequested(rejected, '500'),
    member.depositRejected(rejected, '500'),
  ];
  const accrue = (day: string) =>
    log.account('ProfitAccrued', { userId: member.userId, investmentId, day, amount: '2500' });
  const days = Array.from({ length: 30 }, (_, index) =>
    accrue(`2026-12-${String(index + 1).padStart(2, '0')}`),
  );
  const matured = log.account('InvestmentMatured', {
    userId: member.userId,
    investmentId,
    maturedOn: '2026-12-30',
    principal: '150000',
    profit: '75000',
  });
  return {
    member,
    investmentId,
    opened,
    days,
    matured,
  };
}

describe('investments', () => {
  it('keeps the plan terms, the accrued profit and the maturity, once however often a batch comes', async () => {
    const { member, investmentId, opened, days, matured } = history();
    await deliver(investmentsProjection, opened);
    await deliver(investmentsProjection, days.slice(0, 10));
    // The runner delivers a batch again after a crash before its checkpoint: nothing changes twice.
    await deliver(investmentsProjection, days.slice(0, 10));
    let found = await rows('rm_investments', member.userId);
    expect(found).toHaveLength(2);
    expect(found.find((row) => row.status === 'rejected')).toMatchObject({ investment_id: null });
    expect(found.find((row) => row.status === 'running')).toMatchObject({
      investment_id: investmentId,
      plan_name: 'Gold',
      percentage: '50',
      term_days: 30,
      principal: 150_000n,
      accrued: 25_000n,
      accrued_through: '2026-12-10',
      started_at: new Date('2026-11-21T13:00:00.000Z'),
      matures_at: new Date('2026-12-21T13:00:00.000Z'),
      matured_on: null,
    });

    await deliver(investmentsProjection, [...days.slice(10), matured]);
    await deliver(investmentsProjection, [...days.slice(20), matured]);
    found = await rows('rm_investments', member.userId);
    expect(found.find((row) => row.investment_id === investmentId)).toMatchObject({
      status: 'matured',
      accrued: 75_000n,
      accrued_through: '2026-12-30',
      matured_on: '2026-12-30',
    });
  });

  it('moves the member balances and shows the maturity, not each day, in the activity', async () => {
    const { member, opened, days, matured } = history();
    const all = [...opened, ...days, matured];
    await deliver(memberBalancesProjection, [...opened, ...days.slice(0, 12)]);
    expect((await rows('rm_member_balances', member.userId))[0]).toMatchObject({
      invested: 150_000n,
      profit_locked: 30_000n,
      profit_unlocked: 0n,
      available: 0n,
    });
    await deliver(memberBalancesProjection, all.slice(opened.length + 12));
    await deliver(memberBalancesProjection, all);
    expect((await rows('rm_member_balances', member.userId))[0]).toMatchObject({
      invested: 0n,
      profit_locked: 0n,
      profit_unlocked: 75_000n,
      available: 150_000n,
    });

    await deliver(accountActivityProjection, all);
    await deliver(accountActivityProjection, all);
    const activity = await rows('rm_account_activity', member.userId);
    expect(activity.map((row) => row.type).sort()).toEqual([
      'DepositConfirmed',
      'DepositRejected',
      'DepositRequested',
      'DepositRequested',
      'InvestmentMatured',
    ]);
    expect(activity.find((row) => row.type === 'InvestmentMatured')).toMatchObject({ amount: 225_000n });
  });
});

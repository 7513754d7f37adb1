import { describe, expect, it } from '@jest/globals';
import { command, event, requestedAt, userId } from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import { accountDecider } from './account.decider.js';
import type { AccountEvent, InvestmentMatured } from './account.events.js';
import { evolve, initialState } from './account.js';
import { IllegalStateError, ValidationError } from './account.errors.js';

/**
 * The state keeps in full only what a decision reads, so a command costs the same on an account with years of
 * history: what is decided keeps its outcome only, which still answers a repeated decision.
 */
const given = specificationFor(accountDecider);
const fold = (events: AccountEvent[]) => events.reduce(evolve, initialState());

const daysAfter = (moment: Date, days: number) => new Date(moment.getTime() + days * 86_400_000);
const funded = [event.payoutAddressSaved(), event.balanceAdjusted({ amount: '10000000' })];

const matured = (investmentId: string): InvestmentMatured => ({
  type: 'InvestmentMatured',
  data: { userId, investmentId, maturedOn: '2026-04-01', principal: '150000', profit: '0' },
});

/** A withdrawal of `amount` asked for `day` days after the fixtures' moment, and paid an hour later. */
function paidWithdrawal(id: string, day: number, amount = '100') {
  const asked = daysAfter(requestedAt, day);
  return [
    event.withdrawalRequested({ withdrawalId: id, amount, requestedAt: asked.toISOString() }),
    event.withdrawalPaid({
      withdrawalId: id,
      amount,
      paidAt: new Date(asked.getTime() + 3_600_000).toISOString(),
    }),
  ];
}

describe('Account state size', () => {
  describe('a paid withdrawal', () => {
    it('stays whole while the 30-day limit counts it, and keeps only its outcome from a day after', () => {
      const paid = paidWithdrawal('w-old', 0);
      expect(fold([...funded, ...paid, ...paidWithdrawal('w-30', 30)]).withdrawals).toHaveProperty('w-old');
      const later = fold([...funded, ...paid, ...paidWithdrawal('w-32', 32)]);
      expect(later.withdrawals).not.toHaveProperty('w-old');
      expect(later.settledWithdrawals).toEqual({ 'w-old': 'paid' });
      expect(Object.keys(later.withdrawals)).toEqual(['w-32']);
    });

    it('still counts against the 30-day limit while it is kept', () => {
      const limited = [...funded, event.withdrawalLimitsSet({ daily: '1000000', thirtyDays: '150000' })];
      given([...limited, ...paidWithdrawal('w-1', 0, '100000')])
        .when(
          command.requestWithdrawal({
            withdrawalId: 'w-2',
            amount: 60_000n,
            requestedAt: daysAfter(requestedAt, 29),
          }),
        )
        .thenThrows(ValidationError);
    });

    it('answers a second pay with nothing and a reject with a refusal once only its outcome is kept', () => {
      const history = [...funded, ...paidWithdrawal('w-old', 0), ...paidWithdrawal('w-new', 40)];
      expect(fold(history).settledWithdrawals).toEqual({ 'w-old': 'paid' });
      given(history)
        .when(command.markWithdrawalPaid({ withdrawalId: 'w-old' }))
        .thenNothing();
      given(history)
        .when(command.rejectWithdrawal({ withdrawalId: 'w-old' }))
        .thenThrows(IllegalStateError, 'This withdrawal was paid and cannot be rejected.');
      given(history)
        .when(command.requestWithdrawal({ withdrawalId: 'w-old', requestedAt: daysAfter(requestedAt, 41) }))
        .thenThrows(IllegalStateError, 'Withdrawal w-old already exists.');
    });
  });

  it('keeps a rejected withdrawal’s outcome only, which answers a repeated reject or a pay', () => {
    const history = [...funded, event.withdrawalRequested(), event.withdrawalRejected()];
    expect(fold(history)).toMatchObject({
      withdrawals: {},
      settledWithdrawals: { 'withdrawal-1': 'rejected' },
    });
    given(history).when(command.rejectWithdrawal()).thenNothing();
    given(history)
      .when(command.markWithdrawalPaid())
      .thenThrows(IllegalStateError, 'This withdrawal was rejected and cannot be paid.');
  });

  it('keeps a decided deposit’s outcome only, which answers a repeated decision', () => {
    const confirmed = [event.depositRequested(), event.depositConfirmed()];
    given(confirmed)
      .when(command.confirmDeposit({ investmentId: 'investment-2' }))
      .thenNothing();
    given(confirmed)
      .when(command.rejectDeposit())
      .thenThrows(IllegalStateError, 'This deposit was confirmed and cannot be rejected.');
    given(confirmed)
      .when(command.requestDeposit())
      .thenThrows(IllegalStateError, 'Deposit deposit-1 already exists.');
    const rejected = [event.depositRequested(), event.depositRejected()];
    given(rejected).when(command.rejectDeposit()).thenNothing();
    given(rejected)
      .when(command.confirmDeposit())
      .thenThrows(IllegalStateError, 'This deposit was rejected and cannot be confirmed.');
  });

  it('keeps a matured investment’s day only, and accrues or matures it no more', () => {
    const history = [event.depositRequested(), event.depositConfirmed(), matured('investment-1')];
    expect(fold(history)).toMatchObject({
      investments: {},
      maturedInvestments: { 'investment-1': '2026-04-01' },
    });
    const data = { userId, investmentId: 'investment-1', day: '2026-04-05' };
    given(history).when({ type: 'AccrueProfit', data }).thenNothing();
    given(history).when({ type: 'MatureInvestment', data }).thenNothing();
    given(history)
      .when(command.confirmDeposit({ depositId: 'deposit-1', investmentId: 'investment-1' }))
      .thenNothing();
  });

  it('does not grow in full with a year of deposits, maturities and paid withdrawals', () => {
    const year = Array.from({ length: 365 }, (_, day) => [
      event.depositRequested({ depositId: `d-${day}` }),
      event.depositConfirmed({ depositId: `d-${day}`, investmentId: `i-${day}` }),
      matured(`i-${day}`),
      ...paidWithdrawal(`w-${day}`, day),
    ]).flat();
    const state = fold([...funded, ...year]);
    expect(Object.keys(state.deposits)).toHaveLength(0);
    expect(Object.keys(state.investments)).toHaveLength(0);
    // The last pay settles the paid withdrawals asked for more than 31 days before it.
    expect(Object.keys(state.withdrawals)).toHaveLength(31);
    expect(Object.keys(state.settledWithdrawals)).toHaveLength(365 - 31);
    expect(Object.keys(state.decidedDeposits)).toHaveLength(365);
    expect(Object.keys(state.maturedInvestments)).toHaveLength(365);
  });
});

import { describe, expect, it } from '@jest/globals';
import { centsToString, MAX_AMOUNT } from '../money.js';
import { command, event, userId } from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import { accountDecider, type AccountCommand } from './account.decider.js';
import { OverLargestAmountError, ValidationError } from './account.errors.js';
import type { AccountEvent, ProfitAccrued } from './account.events.js';
import { addDays } from './accrual.js';

const given = specificationFor(accountDecider);

/** MAX_AMOUNT less `cents`, as event data writes it. */
const belowLargest = (cents: bigint) => centsToString(MAX_AMOUNT - cents);

// 50 % on 1,000.01 over 30 days from 2026-03-02: 16.66 a day, 16.87 on the last.
const investmentId = 'investment-1';
const running: AccountEvent[] = [
  event.depositRequested({ amount: '100001' }),
  event.depositConfirmed({ amount: '100001' }),
];
const accrued = (day: string, amount: string): ProfitAccrued => ({
  type: 'ProfitAccrued',
  data: { userId, investmentId, day, amount },
});
const thirtyDays = Array.from({ length: 30 }, (_, index) =>
  accrued(addDays('2026-03-03', index), index === 29 ? '1687' : '1666'),
);
const accrue = (day: string): AccountCommand => ({
  type: 'AccrueProfit',
  data: { userId, investmentId, day },
});
const mature = (day: string): AccountCommand => ({
  type: 'MatureInvestment',
  data: { userId, investmentId, day },
});
const matured = (principal: string, profit: string): AccountEvent => ({
  type: 'InvestmentMatured',
  data: { userId, investmentId, maturedOn: '2026-04-01', principal, profit },
});

const overInvested =
  'This would take the invested total to $1,000,000,000,000.01, above the largest amount an account may ' +
  'hold ($1,000,000,000,000.00); nothing was changed.';

describe('No figure of an account above the largest amount', () => {
  describe('When a deposit is pending beside what is invested', () => {
    const investedAndPending = (invested: string): AccountEvent[] => [
      event.depositRequested({ depositId: 'deposit-1', amount: invested }),
      event.depositConfirmed({ depositId: 'deposit-1', investmentId: 'investment-1', amount: invested }),
      event.depositRequested({ depositId: 'deposit-2', amount: '150000' }),
    ];
    const confirmSecond = command.confirmDeposit({ depositId: 'deposit-2', investmentId: 'investment-2' });

    it('confirms it when the invested total reaches the largest amount exactly', () => {
      given(investedAndPending(belowLargest(150_000n)))
        .when(confirmSecond)
        .then([
          event.depositConfirmed({ depositId: 'deposit-2', investmentId: 'investment-2', amount: '150000' }),
        ]);
    });

    it('refuses to confirm it when the total would pass it by one cent, naming the figure; it can still be rejected', () => {
      const error = given(investedAndPending(belowLargest(149_999n)))
        .when(confirmSecond)
        .thenThrows(OverLargestAmountError, overInvested);
      expect(error).toMatchObject({ code: 'ILLEGAL_STATE', figure: 'invested' });
      given(investedAndPending(belowLargest(149_999n)))
        .when(command.rejectDeposit({ depositId: 'deposit-2' }))
        .then([event.depositRejected({ depositId: 'deposit-2', amount: '150000' })]);
    });

    it('refuses a second deposit of the largest amount on top of a first', () => {
      const largest = centsToString(MAX_AMOUNT);
      given([
        event.depositRequested({ depositId: 'deposit-1', amount: largest }),
        event.depositConfirmed({ depositId: 'deposit-1', investmentId: 'investment-1', amount: largest }),
        event.depositRequested({ depositId: 'deposit-2', amount: largest }),
      ])
        .when(command.confirmDeposit({ depositId: 'deposit-2', investmentId: 'investment-2' }))
        .thenThrows(OverLargestAmountError);
    });
  });

  describe('When a member asks to deposit', () => {
    // 10,000.00 invested below the largest amount, 1,000.00 of it asked for and waiting.
    const investedAndPending: AccountEvent[] = [
      event.depositRequested({ depositId: 'deposit-1', amount: belowLargest(1_000_000n) }),
      event.depositConfirmed({ depositId: 'deposit-1', amount: belowLargest(1_000_000n) }),
      event.depositRequested({ depositId: 'deposit-2', amount: '100000' }),
    ];
    const ask = (amount: bigint) => command.requestDeposit({ depositId: 'deposit-3', amount });

    it('takes a deposit that, confirmed with those waiting, reaches the largest amount exactly', () => {
      given(investedAndPending)
        .when(ask(900_000n))
        .then([event.depositRequested({ depositId: 'deposit-3', amount: '900000' })]);
    });

    it('refuses one cent more at once, on the amount, counting the deposits waiting; nothing is appended', () => {
      const error = given(investedAndPending)
        .when(ask(900_001n))
        .thenThrows(
          ValidationError,
          'This would take the invested total with the deposits waiting for confirmation to ' +
            '$1,000,000,000,000.01, above the largest amount an account may hold ($1,000,000,000,000.00); ' +
            'nothing was changed.',
        );
      expect(error).toMatchObject({ field: 'amount' });
    });

    it('counts no deposit that was rejected or confirmed already', () => {
      given([...investedAndPending, event.depositRejected({ depositId: 'deposit-2', amount: '100000' })])
        .when(ask(1_000_000n))
        .then([event.depositRequested({ depositId: 'deposit-3', amount: '1000000' })]);
    });
  });

  describe('When an admin adjusts a figure', () => {
    it('takes the available balance to the largest amount exactly, and not one cent more', () => {
      const nearly = [event.balanceAdjusted({ amount: belowLargest(1n) })];
      given(nearly)
        .when(command.adjustBalance({ amount: 1n }))
        .then([event.balanceAdjusted({ amount: '1' })]);
      const error = given(nearly)
        .when(command.adjustBalance({ amount: 2n }))
        .thenThrows(OverLargestAmountError);
      expect(error).toMatchObject({ figure: 'available' });
    });

    it('counts profit as the form shows it: locked and unlocked together', () => {
      const profit = [
        ...running,
        accrued('2026-03-03', '1666'),
        event.balanceAdjusted({ bucket: 'profit', amount: belowLargest(1666n) }),
      ];
      const error = given(profit)
        .when(command.adjustBalance({ bucket: 'profit', amount: 1n }))
        .thenThrows(OverLargestAmountError);
      expect(error).toMatchObject({ figure: 'profit' });
    });

    it('lets a figure already above the largest amount come down', () => {
      const largest = centsToString(MAX_AMOUNT);
      given([
        event.depositRequested({ depositId: 'deposit-1', amount: largest }),
        event.depositConfirmed({ depositId: 'deposit-1', investmentId: 'investment-1', amount: largest }),
        event.depositRequested({ depositId: 'deposit-2', amount: largest }),
        event.depositConfirmed({ depositId: 'deposit-2', investmentId: 'investment-2', amount: largest }),
      ])
        .when(command.adjustBalance({ bucket: 'invested', amount: -MAX_AMOUNT }))
        .then([event.balanceAdjusted({ bucket: 'invested', amount: centsToString(-MAX_AMOUNT) })]);
    });
  });

  describe('When profit accrues or an investment matures', () => {
    it('accrues a day that takes profit to the largest amount exactly, and refuses one that passes it', () => {
      given([...running, event.balanceAdjusted({ bucket: 'profit', amount: belowLargest(1666n) })])
        .when(accrue('2026-03-03'))
        .then([accrued('2026-03-03', '1666')]);
      const error = given([
        ...running,
        event.balanceAdjusted({ bucket: 'profit', amount: belowLargest(1665n) }),
      ])
        .when(accrue('2026-03-03'))
        .thenThrows(OverLargestAmountError);
      expect(error).toMatchObject({ figure: 'profit' });
    });

    it('matures when the principal takes the available balance to the largest amount exactly, not past it', () => {
      const ended = [...running, ...thirtyDays];
      given([...ended, event.balanceAdjusted({ amount: belowLargest(100_001n) })])
        .when(mature('2026-04-01'))
        .then([matured('100001', '50001')]);
      const error = given([...ended, event.balanceAdjusted({ amount: belowLargest(100_000n) })])
        .when(mature('2026-04-01'))
        .thenThrows(OverLargestAmountError);
      expect(error).toMatchObject({ figure: 'available' });
    });
  });

  describe('When a pending withdrawal is rejected', () => {
    it('refuses to return an amount that would take the balance past the largest amount', () => {
      const pending = [
        event.balanceAdjusted({ amount: '100000' }),
        event.withdrawalRequested({ amount: '40000' }),
        event.balanceAdjusted({ adjustmentId: 'adjustment-2', amount: belowLargest(60_000n + 40_000n) }),
      ];
      given(pending).when(command.rejectWithdrawal()).then([event.withdrawalRejected()]);
      const refilled = [...pending, event.balanceAdjusted({ adjustmentId: 'adjustment-3', amount: '1' })];
      const error = given(refilled).when(command.rejectWithdrawal()).thenThrows(OverLargestAmountError);
      expect(error).toMatchObject({ figure: 'available' });
    });
  });
});

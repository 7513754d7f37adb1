import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { centsFromString } from '../money.js';
import { command, event, userId } from '../testing/account-fixtures.js';
import { specificationFor } from '../testing/decider-specification.js';
import { balances } from './account-balances.js';
import { accountDecider, decide, INVALID_DAY, type AccountCommand } from './account.decider.js';
import { InsufficientBalanceError, NotFoundError, ValidationError } from './account.errors.js';
import type { AccountEvent, InvestmentMatured, ProfitAccrued } from './account.events.js';
import { evolve, initialState } from './account.js';
import { addDays, dailyProfit, profitAfter, statedReturn } from './accrual.js';

const given = specificationFor(accountDecider);
const investmentId = 'investment-1';

const accrue = (day: string): AccountCommand => ({
  type: 'AccrueProfit',
  data: { userId, investmentId, day },
});
const mature = (day: string): AccountCommand => ({
  type: 'MatureInvestment',
  data: { userId, investmentId, day },
});
const accrued = (day: string, amount: string): ProfitAccrued => ({
  type: 'ProfitAccrued',
  data: { userId, investmentId, day, amount },
});
const matured = (principal: string, profit: string): InvestmentMatured => ({
  type: 'InvestmentMatured',
  data: { userId, investmentId, maturedOn: '2026-04-01', principal, profit },
});

// 50 % on 1,000.01 over 30 days: 500.005 rounds half up to 500.01; 16.66 a day, 16.87 on the last.
const running: AccountEvent[] = [
  event.payoutAddressSaved(),
  event.depositRequested({ amount: '100001' }),
  event.depositConfirmed({ amount: '100001' }),
];
const thirtyDays = Array.from({ length: 30 }, (_, index) =>
  accrued(addDays('2026-03-03', index), index === 29 ? '1687' : '1666'),
);

describe('Profit accrual and maturity', () => {
  it('accrues the first term day: the day after the confirmation', () => {
    given(running)
      .when(accrue('2026-03-03'))
      .then([accrued('2026-03-03', '1666')]);
  });

  it('catches up every day not accrued yet, in order', () => {
    given([...running, accrued('2026-03-03', '1666')])
      .when(accrue('2026-03-05'))
      .then([accrued('2026-03-04', '1666'), accrued('2026-03-05', '1666')]);
  });

  it.each([
    ['a day already accrued', '2026-03-04'],
    ['the confirmation day', '2026-03-02'],
    ['a day before the start', '2026-02-10'],
  ])('does nothing for %s', (_case, day) => {
    given([...running, accrued('2026-03-03', '1666'), accrued('2026-03-04', '1666')])
      .when(accrue(day))
      .thenNothing();
  });

  it('stops at the last term day and settles the rounding remainder there', () => {
    given([...running, ...thirtyDays.slice(0, 28)])
      .when(accrue('2026-05-20'))
      .then(thirtyDays.slice(28));
  });

  it('does nothing after the end once every day is accrued', () => {
    given([...running, ...thirtyDays])
      .when(accrue('2026-04-02'))
      .thenNothing();
  });

  it('matures on the last term day: principal to available, profit to unlocked', () => {
    given([...running, ...thirtyDays])
      .when(mature('2026-04-01'))
      .then([matured('100001', '50001')]);
  });

  it('accrues what is left before maturing a term that ended during downtime', () => {
    given([...running, ...thirtyDays.slice(0, 27)])
      .when(mature('2026-04-09'))
      .then([...thirtyDays.slice(27), matured('100001', '50001')]);
  });

  it('does not mature before the last term day', () => {
    given([...running, ...thirtyDays.slice(0, 28)])
      .when(mature('2026-03-31'))
      .thenNothing();
  });

  it('matures once, and accrues nothing afterwards', () => {
    const done = [...running, ...thirtyDays, matured('100001', '50001')];
    given(done).when(mature('2026-04-02')).thenNothing();
    given(done).when(accrue('2026-04-02')).thenNothing();
  });

  it('moves no more principal than an adjustment left invested', () => {
    const adjusted = event.balanceAdjusted({ bucket: 'invested', amount: '-1' });
    given([...running, adjusted, ...thirtyDays])
      .when(mature('2026-04-01'))
      .then([matured('100000', '50001')]);
  });

  it('refuses an unknown investment or a malformed day', () => {
    given(running).when(accrue('2026-3-3')).thenThrows(ValidationError, INVALID_DAY);
    given(running).when(mature('2026-02-30')).thenThrows(ValidationError, INVALID_DAY);
    given(running).when(accrue('2026-13-01')).thenThrows(ValidationError, INVALID_DAY);
    given([])
      .when(accrue('2026-03-03'))
      .thenThrows(NotFoundError, 'No investment with id investment-1 on this account.');
  });

  it('lets Withdraw Profit draw on unlocked profit only', () => {
    const profitWithdrawal = command.requestWithdrawal({ source: 'profit', amount: 50_001n });
    given([...running, ...thirtyDays])
      .when(profitWithdrawal)
      .thenThrows(InsufficientBalanceError, 'Insufficient balance');
    given([...running, ...thirtyDays, matured('100001', '50001')])
      .when(profitWithdrawal)
      .then([event.withdrawalRequested({ source: 'profit', amount: '50001' })]);
  });

  it('keeps the figures: locked while running, unlocked and available after maturity', () => {
    const midway = [...running, ...thirtyDays.slice(0, 10)].reduce(evolve, initialState());
    expect(midway).toMatchObject({ invested: 100_001n, profitLocked: 16_660n, profitUnlocked: 0n });
    expect(midway.investments[investmentId]).toMatchObject({
      profit: 16_660n,
      accruedThrough: '2026-03-12',
    });
    expect(midway.maturedInvestments).toEqual({});
    const done = [...running, ...thirtyDays, matured('100001', '50001')];
    expect(done.reduce(evolve, initialState())).toMatchObject({
      available: 100_001n,
      invested: 0n,
      profitLocked: 0n,
      profitUnlocked: 50_001n,
      investments: {},
      maturedInvestments: { [investmentId]: '2026-04-01' },
    });
    expect(balances(done)).toMatchObject({ available: 100_001n, profitLocked: 0n, profitUnlocked: 50_001n });
  });
});

describe('Stated return', () => {
  it.each([
    [150_000n, '50', 75_000n],
    [100_001n, '50', 50_001n],
    [100_000n, '12.5', 12_500n],
    [333n, '2.25', 7n],
    [1n, '0.01', 0n],
  ])('of %p cents at %s %% is %p cents', (principal, percentage, expected) => {
    expect(statedReturn(principal, percentage)).toBe(expected);
  });
});

describe('Accrual under any plan and any order of runs', () => {
  const investment = fc.record({
    principal: fc.bigInt({ min: 1n, max: 100_000_000_000n }),
    percentage: fc
      .tuple(fc.integer({ min: 0, max: 500 }), fc.integer({ min: 0, max: 99 }))
      .map(([whole, cents]) => (cents === 0 ? `${whole}` : `${whole}.${String(cents).padStart(2, '0')}`)),
    termDays: fc.integer({ min: 1, max: 400 }),
    runDays: fc.array(fc.integer({ min: -5, max: 420 }), { maxLength: 12 }),
  });

  it('has accrued the closed form after every run, and the stated return exactly at maturity', () => {
    fc.assert(
      fc.property(investment, ({ principal, percentage, termDays, runDays }) => {
        const start = '2026-03-02';
        let state = [
          event.depositRequested({ amount: principal.toString(), percentage, termDays }),
          event.depositConfirmed({ amount: principal.toString(), confirmedAt: `${start}T09:30:00.000Z` }),
        ].reduce(evolve, initialState());
        const total = statedReturn(principal, percentage);
        let furthest = 0;
        for (const runDay of [...runDays, termDays + 3]) {
          const day = addDays(start, runDay);
          for (const next of [accrue(day), mature(day)]) state = decide(next, state).reduce(evolve, state);
          furthest = Math.min(termDays, Math.max(furthest, runDay));
          // A matured investment keeps only the day it matured; its profit is all unlocked.
          const profit = state.investments[investmentId]?.profit ?? state.profitUnlocked;
          expect(profit).toBe(profitAfter(total, termDays, furthest));
          expect(state.profitLocked + state.profitUnlocked).toBe(profitAfter(total, termDays, furthest));
        }
        expect(state).toMatchObject({ profitLocked: 0n, profitUnlocked: total, available: principal });
        expect(state.invested).toBe(0n);
      }),
      { numRuns: 300 },
    );
  });

  it('sums the days to the stated return', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 14n }),
        fc.integer({ min: 1, max: 1000 }),
        (total, term) => {
          let sum = 0n;
          for (let day = 1; day <= term; day += 1) sum += dailyProfit(total, term, day);
          expect(sum).toBe(total);
          expect(profitAfter(total, term, term - 1) + dailyProfit(total, term, term)).toBe(total);
        },
      ),
      { numRuns: 100 },
    );
  });
});

// Amounts in the events are whole cents, never negative.
it('writes accruals as non-negative cent strings', () => {
  for (const each of thirtyDays) expect(centsFromString(each.data.amount)).toBeGreaterThanOrEqual(0n);
});

import { describe, expect, it } from '@jest/globals';
import { command, event } from '../testing/account-fixtures.js';
import { balances, totalProfit, zeroBalances } from './account-balances.js';
import { decide } from './account.decider.js';
import type { AccountEvent } from './account.events.js';
import { evolve, initialState } from './account.js';

const fold = (events: AccountEvent[]) => events.reduce(evolve, initialState());

describe('Account state', () => {
  it('keeps a requested deposit pending with its plan terms and adds nothing to the buckets', () => {
    const state = fold([event.depositRequested()]);
    expect(state.deposits['deposit-1']).toEqual({
      depositId: 'deposit-1',
      status: 'pending',
      amount: 150_000n,
      planId: 'plan-basic',
      planVersion: 2,
      planName: 'BASIC',
      percentage: '50',
      termDays: 30,
    });
    expect(state).toMatchObject({ available: 0n, invested: 0n, reserved: 0n, totalDeposited: 0n });
  });

  it('starts an investment on the deposit terms when the deposit is confirmed', () => {
    const state = fold([event.depositRequested(), event.depositConfirmed()]);
    expect(state).toMatchObject({ invested: 150_000n, totalDeposited: 150_000n, available: 0n });
    // The deposit keeps only its outcome now; the investment carries its terms.
    expect(state.deposits).toEqual({});
    expect(state.decidedDeposits).toEqual({ 'deposit-1': 'confirmed' });
    expect(state.investments['investment-1']).toEqual({
      investmentId: 'investment-1',
      depositId: 'deposit-1',
      planId: 'plan-basic',
      planVersion: 2,
      planName: 'BASIC',
      percentage: '50',
      termDays: 30,
      principal: 150_000n,
      startedAt: '2026-03-02T09:30:00.000Z',
      maturesAt: '2026-04-01T09:30:00.000Z',
      profit: 0n,
      accruedThrough: null,
    });
  });

  it('marks a rejected deposit and credits nothing', () => {
    const state = fold([event.depositRequested(), event.depositRejected()]);
    expect(state.deposits).toEqual({});
    expect(state.decidedDeposits).toEqual({ 'deposit-1': 'rejected' });
    expect(state).toMatchObject({ invested: 0n, totalDeposited: 0n });
    expect(state.investments).toEqual({});
  });

  it.each([
    ['balance', 'available', 'available'],
    ['profit', 'profit', 'profitUnlocked'],
  ] as const)('reserves a %s withdrawal out of %s and returns it on rejection', (source, bucket, held) => {
    const funded = [event.balanceAdjusted({ bucket })];
    const requested = [...funded, event.withdrawalRequested({ source })];
    expect(fold(requested)).toMatchObject({ [held]: 60_000n, reserved: 40_000n });
    expect(fold([...requested, event.withdrawalRejected({ source })])).toMatchObject({
      [held]: 100_000n,
      reserved: 0n,
      totalWithdrawn: 0n,
    });
    expect(fold([...requested, event.withdrawalPaid({ source })])).toMatchObject({
      [held]: 60_000n,
      reserved: 0n,
      totalWithdrawn: 40_000n,
    });
  });

  it('moves the named bucket by a signed adjustment', () => {
    const state = fold([
      event.balanceAdjusted({ adjustmentId: 'a', bucket: 'invested', amount: '5000' }),
      event.balanceAdjusted({ adjustmentId: 'b', bucket: 'invested', amount: '-2000' }),
      event.balanceAdjusted({ adjustmentId: 'c', bucket: 'profit', amount: '700' }),
    ]);
    expect(state).toMatchObject({ available: 0n, invested: 3000n, profitUnlocked: 700n, profitLocked: 0n });
  });

  it('folds the same state from events that went through JSON, as the store keeps them', () => {
    const given = [event.payoutAddressSaved(), event.balanceAdjusted()];
    const events = [...given, ...decide(command.requestWithdrawal(), fold(given))];
    expect(fold(JSON.parse(JSON.stringify(events)) as AccountEvent[])).toEqual(fold(events));
  });
});

describe('Balances', () => {
  it('start at zero', () => {
    expect(balances([])).toEqual(zeroBalances);
  });

  it('follow every event from its own data', () => {
    expect(
      balances([
        event.depositRequested(),
        event.depositConfirmed(),
        event.depositRequested({ depositId: 'deposit-2', amount: '900000' }),
        event.depositRejected({ depositId: 'deposit-2', amount: '900000' }),
        event.balanceAdjusted({ amount: '100000' }),
        event.balanceAdjusted({ adjustmentId: 'adjustment-2', bucket: 'profit', amount: '30000' }),
        event.withdrawalRequested({ amount: '40000' }),
        event.withdrawalPaid({ amount: '40000' }),
        event.withdrawalRequested({ withdrawalId: 'withdrawal-2', source: 'profit', amount: '10000' }),
        event.withdrawalRequested({ withdrawalId: 'withdrawal-3', amount: '25000' }),
        event.withdrawalRejected({ withdrawalId: 'withdrawal-3', amount: '25000' }),
      ]),
    ).toEqual({
      available: 60_000n,
      invested: 150_000n,
      profitLocked: 0n,
      profitUnlocked: 20_000n,
      reserved: 10_000n,
      totalDeposited: 150_000n,
      totalWithdrawn: 40_000n,
    });
  });

  it('count locked and unlocked profit together as the total profit', () => {
    expect(totalProfit({ profitLocked: 300n, profitUnlocked: 45n })).toBe(345n);
  });
});

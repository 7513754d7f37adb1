import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { centsFromString } from '../money.js';
import { accountCommand, run } from '../testing/account-arbitraries.js';
import { balances, zeroBalances, type Balances } from './account-balances.js';
import type { AccountEvent } from './account.events.js';
import { evolve, initialState } from './account.js';

const sumOf = (amounts: bigint[]) => amounts.reduce((sum, each) => sum + each, 0n);

describe('Account under any sequence of commands', () => {
  const runs = fc.array(accountCommand, { minLength: 5, maxLength: 80, size: 'large' });

  it('never leaves a bucket below zero', () => {
    fc.assert(
      fc.property(runs, (commands) => void run(commands)),
      { numRuns: 200 },
    );
  });

  it('keeps the state the stream folds to, also after the events went through JSON', () => {
    fc.assert(
      fc.property(runs, (commands) => {
        const { state, events } = run(commands);
        expect(events.reduce(evolve, initialState())).toEqual(state);
        const stored = JSON.parse(JSON.stringify(events)) as AccountEvent[];
        expect(stored.reduce(evolve, initialState())).toEqual(state);
      }),
      { numRuns: 200 },
    );
  });

  it('gives the balance read model the same figures as the state', () => {
    fc.assert(
      fc.property(runs, (commands) => {
        const { state, events } = run(commands);
        const { deposits, investments, withdrawals } = state;
        const figures = Object.fromEntries(
          Object.keys(zeroBalances).map((key) => [key, state[key as keyof Balances]]),
        );
        expect(balances(events)).toEqual(figures);
        const pending = Object.values(withdrawals).filter((withdrawal) => withdrawal.status === 'pending');
        expect(state.reserved).toBe(sumOf(pending.map((withdrawal) => withdrawal.amount)));
        // Decided deposits, matured investments and rejected withdrawals keep only their outcome.
        expect(Object.values(deposits).every((deposit) => deposit.status === 'pending')).toBe(true);
        expect(Object.values(withdrawals).some((withdrawal) => withdrawal.status === 'rejected')).toBe(false);
        const confirmed = events.filter((each) => each.type === 'DepositConfirmed');
        expect(state.totalDeposited).toBe(sumOf(confirmed.map((each) => centsFromString(each.data.amount))));
        expect(Object.values(state.decidedDeposits).filter((status) => status === 'confirmed')).toHaveLength(
          confirmed.length,
        );
        expect(Object.keys(investments).length + Object.keys(state.maturedInvestments).length).toBe(
          confirmed.length,
        );
        const paid = events.filter((each) => each.type === 'WithdrawalPaid');
        expect(state.totalWithdrawn).toBe(sumOf(paid.map((each) => centsFromString(each.data.amount))));
      }),
      { numRuns: 200 },
    );
  });
});

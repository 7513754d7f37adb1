import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { centsFromString } from '../money.js';
import { command, userId } from '../testing/account-fixtures.js';
import { balances, zeroBalances, type Balances } from './account-balances.js';
import { decide, type AccountCommand } from './account.decider.js';
import { AccountError } from './account.errors.js';
import type { AccountEvent } from './account.events.js';
import { accountBuckets, evolve, initialState, type AccountState } from './account.js';
import { addDays } from './accrual.js';

// Few ids, so that commands often meet the deposits and withdrawals earlier commands made.
const depositId = fc.constantFrom('d1', 'd2', 'd3');
const withdrawalId = fc.constantFrom('w1', 'w2', 'w3', 'w4');
const reason = fc.oneof(
  { arbitrary: fc.constantFrom('Checked with the bank', 'Payout sent'), weight: 4 },
  { arbitrary: fc.constantFrom('ok', '', ' '.repeat(4)), weight: 1 },
);
const accountOpen = fc.oneof(
  { arbitrary: fc.constant(true), weight: 5 },
  { arbitrary: fc.constant(false), weight: 1 },
);
// Around the BASIC plan limits: 1,000.00 to 10,000.00.
const depositAmount = fc.oneof(fc.constantFrom(0n, -1n, 99_999n, 100_000n, 1_000_000n, 1_000_001n), {
  arbitrary: fc.bigInt({ min: 100_000n, max: 1_000_000n }),
  weight: 3,
});
// Mostly small positive amounts, so that withdrawals often fit what earlier adjustments put in.
const amount = fc.oneof(
  fc.constantFrom(0n, -1n, 1n, -1_000_000n),
  { arbitrary: fc.bigInt({ min: 1n, max: 100_000n }), weight: 6 },
  { arbitrary: fc.bigInt({ min: -100_000n, max: -1n }), weight: 2 },
);

const accountCommand: fc.Arbitrary<AccountCommand> = fc.oneof(
  fc.record({ depositId, amount: depositAmount, accountOpen }).map((data) => command.requestDeposit(data)),
  fc
    .record({ depositId, investmentId: fc.constantFrom('i1', 'i2', 'i3') })
    .map((data) => command.confirmDeposit(data)),
  fc.record({ depositId, reason }).map((data) => command.rejectDeposit(data)),
  fc
    .record({
      withdrawalId,
      amount,
      accountOpen,
      source: fc.constantFrom('balance' as const, 'profit' as const),
    })
    .map((data) => command.requestWithdrawal(data)),
  fc.record({ withdrawalId }).map((data) => command.markWithdrawalPaid(data)),
  fc.record({ withdrawalId, reason }).map((data) => command.rejectWithdrawal(data)),
  fc
    .record({
      amount,
      reason,
      bucket: fc.constantFrom('available' as const, 'invested' as const, 'profit' as const),
    })
    .map((data) => command.adjustBalance(data)),
  // Days around the BASIC plan's 30-day term after the fixtures' confirmation on 2026-03-02.
  fc
    .record({
      investmentId: fc.constantFrom('i1', 'i2', 'i3'),
      day: fc.integer({ min: 0, max: 40 }).map((offset) => addDays('2026-03-02', offset)),
      type: fc.constantFrom('AccrueProfit' as const, 'MatureInvestment' as const),
    })
    .map(({ type, ...data }): AccountCommand => ({ type, data: { userId, ...data } })),
  fc.constant(command.lockAccount()),
  fc.constant(command.unlockAccount()),
  fc.constant(command.startSecurityHold({ startedAt: new Date('2026-02-28T20:00:00.000Z') })),
  fc
    .record({
      daily: fc.bigInt({ min: 1n, max: 200_000n }),
      thirtyDays: fc.bigInt({ min: 1n, max: 600_000n }),
    })
    .map((data) => command.setWithdrawalLimits(data)),
);

/** Runs the commands as a handler would: a refused command appends nothing and the next one goes on. */
function run(commands: AccountCommand[]): { state: AccountState; events: AccountEvent[] } {
  let state = initialState();
  const events: AccountEvent[] = [];
  // The member's Bitcoin address, usable before the first withdrawal the fixtures ask for.
  for (const next of [command.savePayoutAddresses(), ...commands]) {
    let produced: AccountEvent[];
    try {
      produced = decide(next, state);
    } catch (error) {
      if (error instanceof AccountError) continue;
      throw error;
    }
    state = produced.reduce(evolve, state);
    events.push(...produced);
    for (const bucket of accountBuckets) expect(state[bucket]).toBeGreaterThanOrEqual(0n);
  }
  return { state, events };
}

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
        const confirmed = Object.values(deposits).filter((deposit) => deposit.status === 'confirmed');
        expect(state.totalDeposited).toBe(sumOf(confirmed.map((deposit) => deposit.amount)));
        expect(Object.keys(investments)).toHaveLength(confirmed.length);
        const paid = events.filter((each) => each.type === 'WithdrawalPaid');
        expect(state.totalWithdrawn).toBe(sumOf(paid.map((each) => centsFromString(each.data.amount))));
      }),
      { numRuns: 200 },
    );
  });
});

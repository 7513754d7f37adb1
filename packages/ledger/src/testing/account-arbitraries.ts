import { expect } from '@jest/globals';
import fc from 'fast-check';
import { decide, type AccountCommand } from '../account/account.decider.js';
import { AccountError } from '../account/account.errors.js';
import type { AccountEvent } from '../account/account.events.js';
import { accountBuckets, evolve, initialState, type AccountState } from '../account/account.js';
import { addDays } from '../account/accrual.js';
import { command, userId } from './account-fixtures.js';

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

export const accountCommand: fc.Arbitrary<AccountCommand> = fc.oneof(
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
export function run(commands: AccountCommand[]): { state: AccountState; events: AccountEvent[] } {
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

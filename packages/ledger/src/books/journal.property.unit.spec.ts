import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { AccountCommand } from '../account/account.decider.js';
import type { AccountEvent } from '../account/account.events.js';
import type { AccountState, Bucket } from '../account/account.js';
import { centsFromString } from '../money.js';
import { accountCommand, run } from '../testing/account-arbitraries.js';
import { command } from '../testing/account-fixtures.js';
import {
  emptyMemberBooks,
  evolveMemberBooks,
  imbalanceOf,
  journalEntry,
  ledgerAccounts,
  liabilityBuckets,
  type JournalLine,
  type LiabilityBucket,
} from './journal.js';
import { trialBalance } from './trial-balance.js';

const bucketOf: Record<LiabilityBucket, Bucket> = {
  available: 'available',
  invested: 'invested',
  profit_locked: 'profitLocked',
  profit_unlocked: 'profitUnlocked',
  reserved: 'reserved',
};

// The fixtures deposit and withdraw through Bitcoin; these go through other methods, so custody splits.
const otherMethod = fc.constantFrom('method-eth', 'method-usdt');
const throughOtherMethods: fc.Arbitrary<AccountCommand> = fc.oneof(
  fc
    .record({ depositId: fc.constantFrom('d1', 'd2', 'd3'), paymentMethodId: otherMethod })
    .map((data) => command.requestDeposit(data)),
  fc
    .record({
      withdrawalId: fc.constantFrom('w1', 'w2', 'w3', 'w4'),
      paymentMethodId: otherMethod,
      amount: fc.bigInt({ min: 1n, max: 100_000n }),
    })
    .map((data) => command.requestWithdrawal(data)),
);

const memberCommands = fc.array(
  fc.oneof({ arbitrary: accountCommand, weight: 5 }, { arbitrary: throughOtherMethods, weight: 2 }),
  { minLength: 5, maxLength: 80, size: 'large' },
);
const members = fc.array(memberCommands, { minLength: 1, maxLength: 3 });

/** Posts every member's events as the journal projection would: each with the member's books before it. */
function post(events: readonly AccountEvent[]): JournalLine[][] {
  let books = emptyMemberBooks;
  return events.map((next) => {
    const { lines } = journalEntry(next, books);
    books = evolveMemberBooks(books, next);
    return [...lines];
  });
}

function totalsByAccount(lines: readonly JournalLine[]) {
  const totals = new Map<string, { account: string; debit: bigint; credit: bigint }>();
  for (const line of lines) {
    const total = totals.get(line.account) ?? { account: line.account, debit: 0n, credit: 0n };
    totals.set(line.account, {
      ...total,
      debit: total.debit + line.debit,
      credit: total.credit + line.credit,
    });
  }
  return [...totals.values()];
}

const sumOf = (amounts: bigint[]) => amounts.reduce((sum, each) => sum + each, 0n);

describe('Journal under any sequence of commands of any members', () => {
  it('balances every entry, and each line has exactly one side above zero', () => {
    fc.assert(
      fc.property(members, (runs) => {
        for (const commands of runs) {
          for (const lines of post(run(commands).events)) {
            expect(imbalanceOf(lines)).toBe(0n);
            for (const line of lines) {
              expect(line.debit >= 0n && line.credit >= 0n).toBe(true);
              expect(line.debit > 0n !== line.credit > 0n).toBe(true);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('owes the members, bucket by bucket, the sum of their folded balances, and holds what came in less what went out', () => {
    fc.assert(
      fc.property(members, (runs) => {
        const states: AccountState[] = [];
        const lines: JournalLine[] = [];
        const paidOut = new Map<string, bigint>();
        const takenIn = new Map<string, bigint>();
        let accrued = 0n;
        for (const commands of runs) {
          const { state, events } = run(commands);
          states.push(state);
          lines.push(...post(events).flat());
          for (const each of events) {
            if (each.type === 'ProfitAccrued') accrued += centsFromString(each.data.amount);
            if (each.type === 'DepositConfirmed') {
              const method = events.find(
                (earlier) =>
                  earlier.type === 'DepositRequested' && earlier.data.depositId === each.data.depositId,
              )!.data as { paymentMethodId: string };
              const account = ledgerAccounts.custody(method.paymentMethodId);
              takenIn.set(account, (takenIn.get(account) ?? 0n) + centsFromString(each.data.amount));
            }
            if (each.type === 'WithdrawalPaid') {
              const method = events.find(
                (earlier) =>
                  earlier.type === 'WithdrawalRequested' &&
                  earlier.data.withdrawalId === each.data.withdrawalId,
              )!.data as { paymentMethodId: string };
              const account = ledgerAccounts.custody(method.paymentMethodId);
              paidOut.set(account, (paidOut.get(account) ?? 0n) + centsFromString(each.data.amount));
            }
          }
        }
        const books = trialBalance(totalsByAccount(lines));
        expect(books.difference).toBe(0n);
        const balance = (account: string) =>
          books.accounts.find((row) => row.account === account)?.balance ?? 0n;

        for (const bucket of liabilityBuckets) {
          expect(balance(ledgerAccounts.liability(bucket))).toBe(
            sumOf(states.map((state) => state[bucketOf[bucket]])),
          );
        }
        const custody = books.accounts.filter((row) => row.kind === 'asset');
        expect(sumOf(custody.map((row) => row.balance))).toBe(
          sumOf(states.map((state) => state.totalDeposited - state.totalWithdrawn)),
        );
        for (const row of custody) {
          expect(row.balance).toBe((takenIn.get(row.account) ?? 0n) - (paidOut.get(row.account) ?? 0n));
        }
        expect(balance(ledgerAccounts.unassignedCustody)).toBe(0n);
        expect(balance(ledgerAccounts.profitExpense)).toBe(accrued);
      }),
      { numRuns: 200 },
    );
  });
});

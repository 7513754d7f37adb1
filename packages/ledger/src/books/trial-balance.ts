import type { Cents } from '../money.js';
import { balanceOf, kindOf, type LedgerAccount, type LedgerAccountKind } from './journal.js';

/** What one account's lines add up to. */
export interface AccountTotals {
  account: LedgerAccount;
  debit: Cents;
  credit: Cents;
}

export interface TrialBalanceRow extends AccountTotals {
  kind: LedgerAccountKind;
  /** On the account's normal side: what a liability owes, what an asset holds. */
  balance: Cents;
}

export interface TrialBalance {
  accounts: TrialBalanceRow[];
  debit: Cents;
  credit: Cents;
  /** Debits less credits: zero when the books balance. */
  difference: Cents;
}

const kindOrder: Record<LedgerAccountKind, number> = { asset: 0, liability: 1, equity: 2, expense: 3 };

/** The accounts in the order a trial balance lists them (assets, liabilities, equity, expenses), with totals. */
export function trialBalance(totals: readonly AccountTotals[]): TrialBalance {
  const accounts = totals
    .map((each) => ({
      ...each,
      kind: kindOf(each.account),
      balance: balanceOf(each.account, each.debit, each.credit),
    }))
    .sort(
      (a, b) =>
        kindOrder[a.kind] - kindOrder[b.kind] || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0),
    );
  const debit = accounts.reduce((sum, each) => sum + each.debit, 0n);
  const credit = accounts.reduce((sum, each) => sum + each.credit, 0n);
  return { accounts, debit, credit, difference: debit - credit };
}

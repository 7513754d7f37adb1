import { centsFromString, type Cents } from '../money.js';
import type { AccountEvent, AdjustableBucket, WithdrawalSource } from '../account/account.events.js';

/**
 * The platform's books in double entry. Members' money is what the platform owes them: one liability account
 * per bucket, summed over members. What it holds against that is custody, one asset account per payment method.
 * The returns it pays are its expense; admin adjustments move against an adjustments account. A deposit is
 * booked when it is confirmed (before that no money is taken in), a withdrawal leaves custody when it is paid.
 */
export type LiabilityBucket = 'available' | 'invested' | 'profit_locked' | 'profit_unlocked' | 'reserved';

export const liabilityBuckets: readonly LiabilityBucket[] = [
  'available',
  'invested',
  'profit_locked',
  'profit_unlocked',
  'reserved',
];

export type LedgerAccountKind = 'asset' | 'liability' | 'expense' | 'equity';

/** Account codes: `liability:<bucket>`, `custody:<paymentMethodId>`, `expense:profit`, `equity:adjustments`. */
export type LedgerAccount = string;

export const ledgerAccounts = {
  liability: (bucket: LiabilityBucket): LedgerAccount => `liability:${bucket}`,
  custody: (paymentMethodId: string): LedgerAccount => `custody:${paymentMethodId}`,
  /** Where money goes whose payment method the books cannot tell: a suspense account to clear by hand. */
  unassignedCustody: 'custody:unassigned',
  profitExpense: 'expense:profit',
  adjustments: 'equity:adjustments',
} as const;

/** Assets and expenses grow by debits; liabilities and the adjustments account are read as their sides say. */
export function kindOf(account: LedgerAccount): LedgerAccountKind {
  if (account.startsWith('liability:')) return 'liability';
  if (account.startsWith('custody:')) return 'asset';
  if (account.startsWith('expense:')) return 'expense';
  return 'equity';
}

/** The side an account's balance normally stands on: liabilities are credit accounts, the rest debit. */
export function normalSide(account: LedgerAccount): 'debit' | 'credit' {
  return kindOf(account) === 'liability' ? 'credit' : 'debit';
}

/** One side of an entry: exactly one of debit and credit is above zero. */
export interface JournalLine {
  account: LedgerAccount;
  debit: Cents;
  credit: Cents;
}

/** The lines one event posts; empty for an event that moves no money. Debits always equal credits. */
export interface JournalEntry {
  lines: readonly JournalLine[];
}

/**
 * What the books remember of one member between events: the payment method of each deposit and withdrawal
 * still open, since the confirmation and the payout do not repeat it. Settled ones are forgotten.
 */
export interface MemberBooks {
  deposits: Readonly<Record<string, string>>;
  withdrawals: Readonly<Record<string, string>>;
}

export const emptyMemberBooks: MemberBooks = { deposits: {}, withdrawals: {} };

export function evolveMemberBooks(books: MemberBooks, event: AccountEvent): MemberBooks {
  switch (event.type) {
    case 'DepositRequested':
      return {
        ...books,
        deposits: { ...books.deposits, [event.data.depositId]: event.data.paymentMethodId },
      };
    case 'DepositConfirmed':
    case 'DepositRejected':
      return { ...books, deposits: without(books.deposits, event.data.depositId) };
    case 'WithdrawalRequested':
      return {
        ...books,
        withdrawals: { ...books.withdrawals, [event.data.withdrawalId]: event.data.paymentMethodId },
      };
    case 'WithdrawalPaid':
    case 'WithdrawalRejected':
      return { ...books, withdrawals: without(books.withdrawals, event.data.withdrawalId) };
    default:
      return books;
  }
}

function without(items: Readonly<Record<string, string>>, id: string): Readonly<Record<string, string>> {
  if (!(id in items)) return items;
  const { [id]: _settled, ...kept } = items;
  return kept;
}

const sourceLiability: Record<WithdrawalSource, LiabilityBucket> = {
  balance: 'available',
  profit: 'profit_unlocked',
};

const adjustedLiability: Record<AdjustableBucket, LiabilityBucket> = {
  available: 'available',
  invested: 'invested',
  profit: 'profit_unlocked',
};

/** Debit one account and credit the other; a negative amount posts the other way round, zero posts nothing. */
function transfer(debited: LedgerAccount, credited: LedgerAccount, amount: Cents): JournalLine[] {
  if (amount === 0n) return [];
  if (amount < 0n) return transfer(credited, debited, -amount);
  return [
    { account: debited, debit: amount, credit: 0n },
    { account: credited, debit: 0n, credit: amount },
  ];
}

const { liability, custody } = ledgerAccounts;

/** The entry an account event posts, given the member's books before it. */
export function journalEntry(event: AccountEvent, before: MemberBooks): JournalEntry {
  return { lines: linesOf(event, before) };
}

function linesOf(event: AccountEvent, before: MemberBooks): JournalLine[] {
  switch (event.type) {
    case 'DepositConfirmed': {
      const method = before.deposits[event.data.depositId];
      const held = method ? custody(method) : ledgerAccounts.unassignedCustody;
      return transfer(held, liability('invested'), centsFromString(event.data.amount));
    }
    case 'WithdrawalRequested':
      return transfer(
        liability(sourceLiability[event.data.source]),
        liability('reserved'),
        centsFromString(event.data.amount),
      );
    case 'WithdrawalRejected':
      return transfer(
        liability('reserved'),
        liability(sourceLiability[event.data.source]),
        centsFromString(event.data.amount),
      );
    case 'WithdrawalPaid': {
      const method = before.withdrawals[event.data.withdrawalId];
      const paidFrom = method ? custody(method) : ledgerAccounts.unassignedCustody;
      return transfer(liability('reserved'), paidFrom, centsFromString(event.data.amount));
    }
    case 'ProfitAccrued':
      return transfer(
        ledgerAccounts.profitExpense,
        liability('profit_locked'),
        centsFromString(event.data.amount),
      );
    case 'InvestmentMatured':
      return [
        ...transfer(liability('invested'), liability('available'), centsFromString(event.data.principal)),
        ...transfer(
          liability('profit_locked'),
          liability('profit_unlocked'),
          centsFromString(event.data.profit),
        ),
      ];
    case 'BalanceAdjusted':
      return transfer(
        ledgerAccounts.adjustments,
        liability(adjustedLiability[event.data.bucket]),
        centsFromString(event.data.amount),
      );
    case 'DepositRequested':
    case 'DepositRejected':
    case 'PayoutAddressSaved':
    case 'PayoutAddressRemoved':
    case 'SecurityHoldStarted':
    case 'AccountLocked':
    case 'AccountUnlocked':
    case 'WithdrawalLimitsSet':
      return [];
  }
}

/** Debits less credits over the lines: zero for a balanced entry. */
export function imbalanceOf(lines: readonly JournalLine[]): Cents {
  return lines.reduce((sum, line) => sum + line.debit - line.credit, 0n);
}

/** An account's balance on its normal side: what a liability owes, what an asset holds. */
export function balanceOf(account: LedgerAccount, debit: Cents, credit: Cents): Cents {
  return normalSide(account) === 'debit' ? debit - credit : credit - debit;
}

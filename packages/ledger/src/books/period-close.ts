import { centsFromString, centsToString, type Cents, type CentsString } from '../money.js';
import type { AccountEvent, IsoTimestamp } from '../account/account.events.js';
import { IllegalStateError, ValidationError } from '../account/account.errors.js';
import { evolveBalances, zeroBalances, type Balances } from '../account/account-balances.js';
import {
  balanceOf,
  emptyMemberBooks,
  evolveMemberBooks,
  journalEntry,
  kindOf,
  type LedgerAccount,
  type MemberBooks,
} from './journal.js';
import type { AccountTotals } from './trial-balance.js';

/**
 * Closing a period: the books as they stood at the end of a UTC day or month, kept on the stream
 * `books-period-<period>` as one PeriodClosed event. Its closing balances are the trial balance of that period
 * for good: events recorded later, whatever time they carry, never enter it.
 */
export const periodStreamId = (period: string): string => `books-period-${period}`;

export type PeriodKind = 'day' | 'month';

/** The first year the books can speak of: a period or a reconciliation before it names no books at all. */
export const BOOKS_FIRST_YEAR = 2000;

export const PERIOD_FORMAT = 'Enter a day as YYYY-MM-DD or a month as YYYY-MM';

/** A UTC day (2026-11-26) or month (2026-11): from its start, inclusive, to the next one's, exclusive. */
export function periodBounds(period: string): { kind: PeriodKind; from: Date; to: Date } | null {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(period);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), match[3] ? Number(match[3]) : null];
  if (year < BOOKS_FIRST_YEAR || month < 1 || month > 12) return null;
  if (day === null) {
    return {
      kind: 'month',
      from: new Date(Date.UTC(year, month - 1, 1)),
      to: new Date(Date.UTC(year, month, 1)),
    };
  }
  const from = new Date(Date.UTC(year, month - 1, day));
  if (from.getUTCMonth() !== month - 1 || from.getUTCDate() !== day) return null;
  return { kind: 'day', from, to: new Date(Date.UTC(year, month - 1, day + 1)) };
}

/** The last account event a close counted: its place in the log and its link in its stream's hash chain. */
export interface ClosedLastEvent {
  globalPosition: string;
  eventId: string;
  streamId: string;
  streamPosition: number;
  recordedAt: IsoTimestamp;
  hash: string;
}

export interface ClosingAccount {
  account: LedgerAccount;
  debit: CentsString;
  credit: CentsString;
}

export interface PeriodClosed {
  type: 'PeriodClosed';
  data: {
    period: string;
    kind: PeriodKind;
    from: IsoTimestamp;
    to: IsoTimestamp;
    closedAt: IsoTimestamp;
    closedBy: string;
    /** The request that closed it: the same request again changes nothing. */
    requestKey: string;
    entries: number;
    lastEvent: ClosedLastEvent | null;
    accounts: ClosingAccount[];
    members: number;
    /** Each member's balance is split over the same number of leaves. */
    leaves: number;
    merkleRoot: string;
    /** The Merkle sum tree's total: what members were owed, equal to the liability accounts together. */
    total: CentsString;
  };
}

export type BooksEvent = PeriodClosed;

export type PeriodState = { status: 'open' } | { status: 'closed'; requestKey: string; closedBy: string };

export const initialPeriodState = (): PeriodState => ({ status: 'open' });

export function evolvePeriod(state: PeriodState, event: BooksEvent): PeriodState {
  switch (event.type) {
    case 'PeriodClosed':
      return { status: 'closed', requestKey: event.data.requestKey, closedBy: event.data.closedBy };
  }
}

/** What the books held at the end of the period, as the api folded it from the event store. */
export interface Closing {
  entries: number;
  lastEvent: ClosedLastEvent | null;
  accounts: readonly AccountTotals[];
  members: number;
  leaves: number;
  merkleRoot: string;
  total: Cents;
}

export interface ClosePeriod {
  type: 'ClosePeriod';
  data: {
    period: string;
    now: Date;
    closedBy: string;
    requestKey: string;
    closing: Closing;
  };
}

export type BooksCommand = ClosePeriod;

/**
 * Whether the period may be closed now, before its books are folded: a real day or month, over, and not
 * closed yet. True when this very request closed it already (nothing more to do): its key, sent by the same admin
 * (another admin's request under the same key is not theirs to be answered as done).
 */
export function alreadyClosedByThisRequest(
  {
    period,
    now,
    requestKey,
    closedBy,
  }: Pick<ClosePeriod['data'], 'period' | 'now' | 'requestKey' | 'closedBy'>,
  state: PeriodState,
): boolean {
  const bounds = periodBounds(period);
  if (!bounds) throw new ValidationError('period', PERIOD_FORMAT);
  if (state.status === 'closed') {
    if (state.requestKey === requestKey && state.closedBy === closedBy) return true;
    throw new IllegalStateError(`${period} is already closed`);
  }
  if (bounds.from > now) throw new ValidationError('period', `${period} has not begun yet`);
  if (bounds.to > now) {
    throw new ValidationError(
      'period',
      `${period} has not ended yet: it can be closed from ${bounds.to.toISOString()}`,
    );
  }
  return false;
}

export function closePeriod({ data }: ClosePeriod, state: PeriodState): BooksEvent[] {
  if (alreadyClosedByThisRequest(data, state)) return [];
  const { kind, from, to } = periodBounds(data.period)!;
  const { closing } = data;
  const liabilities = closing.accounts
    .filter((row) => kindOf(row.account) === 'liability')
    .reduce((sum, row) => sum + balanceOf(row.account, row.debit, row.credit), 0n);
  if (liabilities !== closing.total) {
    throw new IllegalStateError("The members' balances do not add up to the books' liabilities");
  }
  if (closing.lastEvent && new Date(closing.lastEvent.recordedAt) >= to) {
    throw new IllegalStateError('The close counted an event recorded after the period');
  }
  return [
    {
      type: 'PeriodClosed',
      data: {
        period: data.period,
        kind,
        from: from.toISOString(),
        to: to.toISOString(),
        closedAt: data.now.toISOString(),
        closedBy: data.closedBy,
        requestKey: data.requestKey,
        entries: closing.entries,
        lastEvent: closing.lastEvent,
        accounts: [...closing.accounts]
          .sort((a, b) => (a.account < b.account ? -1 : a.account > b.account ? 1 : 0))
          .map((row) => ({
            account: row.account,
            debit: centsToString(row.debit),
            credit: centsToString(row.credit),
          })),
        members: closing.members,
        leaves: closing.leaves,
        merkleRoot: closing.merkleRoot,
        total: centsToString(closing.total),
      },
    },
  ];
}

export function decideBooks(command: BooksCommand, state: PeriodState): BooksEvent[] {
  switch (command.type) {
    case 'ClosePeriod':
      return closePeriod(command, state);
    default: {
      const unknown: never = command.type;
      throw new Error(`Unknown books command ${String(unknown)}`);
    }
  }
}

export const periodDecider = {
  decide: decideBooks,
  evolve: evolvePeriod,
  initialState: initialPeriodState,
};

/** A closed period's accounts in cents again. */
export function closingTotals(accounts: readonly ClosingAccount[]): AccountTotals[] {
  return accounts.map((row) => ({
    account: row.account,
    debit: centsFromString(row.debit),
    credit: centsFromString(row.credit),
  }));
}

/**
 * The books folded event by event up to a close: every account's debits and credits, and what each member is
 * owed (the sum of their buckets). Built a page of the log at a time; a page never changes the one before.
 */
export interface ClosingBooks {
  accounts: ReadonlyMap<LedgerAccount, { debit: Cents; credit: Cents }>;
  members: ReadonlyMap<string, { books: MemberBooks; balances: Balances }>;
  entries: number;
}

export const emptyClosingBooks: ClosingBooks = { accounts: new Map(), members: new Map(), entries: 0 };

/** Posts the events (in log order) to the closing books. */
export function postToClosingBooks(closing: ClosingBooks, events: readonly AccountEvent[]): ClosingBooks {
  const accounts = new Map(closing.accounts);
  const members = new Map(closing.members);
  let { entries } = closing;
  for (const event of events) {
    const member = members.get(event.data.userId) ?? { books: emptyMemberBooks, balances: zeroBalances };
    const { lines } = journalEntry(event, member.books);
    if (lines.length > 0) entries += 1;
    for (const line of lines) {
      const sums = accounts.get(line.account) ?? { debit: 0n, credit: 0n };
      accounts.set(line.account, { debit: sums.debit + line.debit, credit: sums.credit + line.credit });
    }
    members.set(event.data.userId, {
      books: evolveMemberBooks(member.books, event),
      balances: evolveBalances(member.balances, event),
    });
  }
  return { accounts, members, entries };
}

/** What a member is owed: every bucket together. */
export function memberOwed(balances: Balances): Cents {
  return (
    balances.available +
    balances.invested +
    balances.profitLocked +
    balances.profitUnlocked +
    balances.reserved
  );
}

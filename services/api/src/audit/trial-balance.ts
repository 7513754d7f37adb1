import { Inject, Injectable } from '@nestjs/common';
import { readModels, type TrialBalance } from '@ledgerstone/contracts';
import {
  formatCents,
  kindOf,
  trialBalance,
  type AccountTotals,
  type LedgerAccount,
} from '@ledgerstone/ledger';
import {
  journalTotalsAsOf,
  readModelDatabase,
  readOrEmpty,
  type UnbalancedEntry,
} from '@ledgerstone/read-models';
import { ClosedPeriods } from '../books/index.js';
import { awaitJournalAt } from './journal-caught-up.js';
import { CLOCK, type Clock } from '../shared/clock/clock.js';
import { waitForPosition } from '../shared/database/read-your-writes.js';
import { DATABASE, type Database } from '../shared/infrastructure/infrastructure.tokens.js';
import type { PaymentMethodsTable } from '../catalog/index.js';

const FIXED_NAMES: Record<string, string> = {
  'custody:unassigned': 'Custody: unassigned (suspense)',
  'liability:available': 'Members: available',
  'liability:invested': 'Members: invested',
  'liability:profit_locked': 'Members: profit locked',
  'liability:profit_unlocked': 'Members: profit unlocked',
  'liability:reserved': 'Members: reserved for withdrawals',
  'equity:adjustments': 'Balance adjustments',
  'expense:profit': 'Profit paid to members',
};

const CUSTODY = 'custody:';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The trial balance, read from the journal read model; custody accounts named by their payment method. */
@Injectable()
export class TrialBalances {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly closedPeriods: ClosedPeriods,
  ) {}

  /**
   * The journal summed up to `asOf` (now when absent), once it holds every event recorded before then (503 while
   * it catches up); a moment still to come is summed as far as now.
   */
  async asOf(asOf: Date | undefined, after: unknown): Promise<TrialBalance> {
    await waitForPosition(this.database, after, [readModels.journal]);
    const now = this.clock.now();
    await awaitJournalAt(this.database, asOf !== undefined && asOf < now ? asOf : now);
    const journal = await journalTotalsAsOf(this.database, asOf ?? null);
    const moment = asOf ?? this.now(journal.lastOccurredAt);
    return this.named(journal.accounts, moment, journal.entries, journal.unbalancedSince);
  }

  /** A closed period's trial balance: its stored closing balances, which nothing recorded later changes. */
  async ofClosedPeriod(period: string): Promise<TrialBalance> {
    const closing = await this.closedPeriods.closing(period);
    return this.named(closing.accounts, closing.to, closing.entries, null);
  }

  private async named(
    totals: readonly AccountTotals[],
    moment: Date,
    entries: number,
    first: UnbalancedEntry | null,
  ): Promise<TrialBalance> {
    const books = trialBalance(totals);
    const names = await this.custodyNames(books.accounts.map((row) => row.account));
    const memberLiabilities = books.accounts
      .filter((row) => row.kind === 'liability')
      .reduce((sum, row) => sum + row.balance, 0n);
    return {
      as_of: moment.toISOString(),
      entries,
      accounts: byCustodyName(
        books.accounts.map((row) => ({
          account: row.account,
          name: names.get(row.account) ?? FIXED_NAMES[row.account] ?? row.account,
          kind: row.kind,
          debit: formatCents(row.debit),
          credit: formatCents(row.credit),
          balance: formatCents(row.balance),
        })),
      ),
      totals: { debit: formatCents(books.debit), credit: formatCents(books.credit) },
      balanced: books.difference === 0n && first === null,
      difference: formatCents(books.difference),
      unbalanced_since: first
        ? {
            event_id: first.eventId,
            position: first.globalPosition.toString(),
            recorded_at: first.occurredAt.toISOString(),
            difference: formatCents(first.difference),
          }
        : null,
      member_liabilities: formatCents(memberLiabilities),
    };
  }

  /** The books as of now never end before their own last entry, whatever the clock says. */
  private now(lastOccurredAt: Date | null): Date {
    const now = this.clock.now();
    return lastOccurredAt && lastOccurredAt > now ? lastOccurredAt : now;
  }

  /** "Custody: BITCOIN (bitcoin)" for each custody account whose payment method the catalog knows. */
  private async custodyNames(accounts: readonly LedgerAccount[]): Promise<Map<string, string>> {
    const ids = accounts
      .filter((account) => kindOf(account) === 'asset')
      .map((account) => account.slice(CUSTODY.length))
      .filter((id) => UUID.test(id));
    if (ids.length === 0) return new Map();
    const methods = await readOrEmpty(
      () =>
        readModelDatabase(this.database)
          .withTables<{ payment_methods: PaymentMethodsTable }>()
          .selectFrom('payment_methods')
          .select(['id', 'name', 'network'])
          .where('id', 'in', ids)
          .execute(),
      [],
    );
    return new Map(
      methods.map((method) => [`${CUSTODY}${method.id}`, `Custody: ${method.name} (${method.network})`]),
    );
  }
}

/** Custody accounts, the assets that lead the list, in the order of their payment methods' names, not their ids. */
function byCustodyName<Row extends { account: string; name: string }>(rows: Row[]): Row[] {
  const custody = rows.filter((row) => row.account.startsWith(CUSTODY));
  const rest = rows.filter((row) => !row.account.startsWith(CUSTODY));
  return [...custody.sort((a, b) => a.name.localeCompare(b.name)), ...rest];
}

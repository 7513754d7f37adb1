import type { AnyDatabase } from '@ledgerstone/eventstore';
import type { AccountTotals } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import { readOrEmpty } from '../read-model-database.js';

/** The first entry whose debits and credits differ. */
export interface UnbalancedEntry {
  eventId: string;
  globalPosition: bigint;
  occurredAt: Date;
  /** Its debits less its credits. */
  difference: bigint;
}

export interface JournalTotals {
  /** Every account with lines up to the moment, and their sums. */
  accounts: AccountTotals[];
  /** Entries (events with lines) posted up to the moment. */
  entries: number;
  /** When the last entry summed was recorded; null when none was. */
  lastOccurredAt: Date | null;
  unbalancedSince: UnbalancedEntry | null;
}

/** The journal summed per account over every line recorded up to `asOf` inclusive; every line when null. */
export async function journalTotalsAsOf(db: AnyDatabase, asOf: Date | null): Promise<JournalTotals> {
  const upTo = asOf === null ? sql`true` : sql`occurred_at <= ${asOf}`;
  return readOrEmpty(
    async () => {
      const { rows: accounts } = await sql<{ account: string; debit: string; credit: string }>`
        select account, sum(debit)::text as debit, sum(credit)::text as credit
        from rm_journal_lines where ${upTo}
        group by account
      `.execute(db);
      const { rows: counted } = await sql<{ entries: number; last: Date | null }>`
        select count(distinct event_id)::int as entries, max(occurred_at) as last
        from rm_journal_lines where ${upTo}
      `.execute(db);
      const { rows: unbalanced } = await sql<{
        event_id: string;
        global_position: bigint;
        occurred_at: Date;
        difference: string;
      }>`
        select event_id, min(global_position) as global_position, min(occurred_at) as occurred_at,
          (sum(debit) - sum(credit))::text as difference
        from rm_journal_lines where ${upTo}
        group by event_id having sum(debit) <> sum(credit)
        order by min(global_position) limit 1
      `.execute(db);
      const first = unbalanced[0];
      return {
        accounts: accounts.map((row) => ({
          account: row.account,
          debit: BigInt(row.debit),
          credit: BigInt(row.credit),
        })),
        entries: counted[0]?.entries ?? 0,
        lastOccurredAt: counted[0]?.last ?? null,
        unbalancedSince: first
          ? {
              eventId: first.event_id,
              globalPosition: BigInt(first.global_position),
              occurredAt: first.occurred_at,
              difference: BigInt(first.difference),
            }
          : null,
      };
    },
    { accounts: [], entries: 0, lastOccurredAt: null, unbalancedSince: null },
  );
}

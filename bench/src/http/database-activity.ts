import pg from 'pg';

/** pg_stat_database's counters of one database. */
export interface DatabaseCounters {
  transactions: number;
  rows_returned: number;
  rows_fetched: number;
  rows_inserted: number;
  rows_updated: number;
  rows_deleted: number;
  blocks_read: number;
  blocks_hit: number;
}

const STATEMENT = `
  select xact_commit + xact_rollback as transactions, tup_returned as rows_returned, tup_fetched as rows_fetched,
    tup_inserted as rows_inserted, tup_updated as rows_updated, tup_deleted as rows_deleted,
    blks_read as blocks_read, blks_hit as blocks_hit
  from pg_stat_database where datname = $1`;

/** The work PostgreSQL did for one database, as its cumulative statistics count it. */
export async function databaseCounters(client: pg.Client, database: string): Promise<DatabaseCounters> {
  // Statistics are read once per transaction and cached; a fresh read each time.
  await client.query('select pg_stat_clear_snapshot()');
  const { rows } = await client.query<Record<keyof DatabaseCounters, string>>(STATEMENT, [database]);
  const row = rows[0];
  if (!row) throw new Error(`no statistics for database ${database}`);
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, Number(value)]),
  ) as unknown as DatabaseCounters;
}

/** Each counter's growth between two readings, divided by `requests`. */
export function perRequest(
  before: DatabaseCounters,
  after: DatabaseCounters,
  requests: number,
): DatabaseCounters {
  return Object.fromEntries(
    Object.entries(after).map(([key, value]) => [
      key,
      requests > 0 ? (value - before[key as keyof DatabaseCounters]) / requests : 0,
    ]),
  ) as unknown as DatabaseCounters;
}

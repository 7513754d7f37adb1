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

/** One statement's cumulative counts in pg_stat_statements. */
export interface StatementCounts {
  query: string;
  calls: number;
  totalMs: number;
  rows: number;
}

/** What one statement cost PostgreSQL in a window, per request of the figure. */
export interface StatementCost {
  statement: string;
  calls_per_request: number;
  ms_per_call: number;
  ms_per_request: number;
  rows_per_call: number;
}

// Statements sent by clients only: with `track = all` the ones run inside a function are counted there too.
const STATEMENTS = `
  select statements.queryid::text as id, statements.query, statements.calls, statements.total_exec_time as total_ms,
    statements.rows
  from pg_stat_statements as statements join pg_database on pg_database.oid = statements.dbid
  where pg_database.datname = $1 and statements.toplevel`;

/** The view is missing, the library not loaded, or too old to tell nested statements apart. */
const NOT_AVAILABLE = new Set(['42P01', '55000', '42703']);

/**
 * pg_stat_statements' counts of one database's statements by their id; undefined when the server does not keep
 * them (the extension is created in the monitor's database and loaded by `shared_preload_libraries`).
 */
export async function statementCounts(
  client: pg.Client,
  database: string,
): Promise<Map<string, StatementCounts> | undefined> {
  try {
    const { rows } = await client.query<{
      id: string;
      query: string;
      calls: string;
      total_ms: number;
      rows: string;
    }>(STATEMENTS, [database]);
    return new Map(
      rows.map((row) => [
        row.id,
        { query: row.query, calls: Number(row.calls), totalMs: row.total_ms, rows: Number(row.rows) },
      ]),
    );
  } catch (error) {
    if (NOT_AVAILABLE.has((error as { code?: string }).code ?? '')) return undefined;
    throw error;
  }
}

/**
 * The `top` statements that cost PostgreSQL the most time between two readings, per request, costliest first;
 * statements whose text is in `except` (the benchmark's own) are left out. Texts are shortened to one line.
 */
export function costliestStatements(
  before: ReadonlyMap<string, StatementCounts>,
  after: ReadonlyMap<string, StatementCounts>,
  requests: number,
  { top, except = [] }: { top: number; except?: readonly string[] },
): StatementCost[] {
  const own = new Set(except.map(oneLine));
  return [...after]
    .map(([id, counts]) => {
      const earlier = before.get(id);
      return {
        text: oneLine(counts.query),
        calls: counts.calls - (earlier?.calls ?? 0),
        ms: counts.totalMs - (earlier?.totalMs ?? 0),
        rows: counts.rows - (earlier?.rows ?? 0),
      };
    })
    .filter(({ text, calls }) => calls > 0 && !own.has(text))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top)
    .map(({ text, calls, ms, rows }) => ({
      statement: text.length > STATEMENT_WIDTH ? `${text.slice(0, STATEMENT_WIDTH - 1)}…` : text,
      calls_per_request: requests > 0 ? calls / requests : 0,
      ms_per_call: ms / calls,
      ms_per_request: requests > 0 ? ms / requests : 0,
      rows_per_call: rows / calls,
    }));
}

const STATEMENT_WIDTH = 120;

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

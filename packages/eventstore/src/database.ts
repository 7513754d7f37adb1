import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';

// bigint columns (positions, transaction ids) come back as strings unless told otherwise.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));

export interface DatabaseOptions {
  maxConnections?: number;
  /** Ends transactions left open by a crashed or stuck client, so they cannot hold log readers back. */
  idleInTransactionTimeoutMs?: number;
}

export function createPool(url: string, options: DatabaseOptions = {}): pg.Pool {
  return new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 10_000,
  });
}

export function createDatabase<DB>(url: string, options: DatabaseOptions = {}): Kysely<DB> {
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: createPool(url, options) }) });
}

export function databaseName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
}

/** Creates the database named in `url` when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<boolean> {
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return false;
    await admin.query(`create database ${pg.escapeIdentifier(name)}`);
    return true;
  } finally {
    await admin.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
  } finally {
    await admin.end();
  }
}

export { withDatabase };

import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

// bigint columns (positions) and xid8 transaction ids come back as strings unless told otherwise.
const XID8_OID = 5069 as (typeof pg.types.builtins)['INT8']; // not among pg's builtins
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => BigInt(value));
pg.types.setTypeParser(XID8_OID, (value) => BigInt(value));

const TIMESTAMPTZ_OID = pg.types.builtins.TIMESTAMPTZ;
const parseAnyTimestamptz = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (value: string) => Date;

// pg's general parser runs several regular expressions per value, and reading the log parses one per event.
// The usual form, "2026-11-21 20:07:24.651471+00", is handed to the native ISO parser instead.
function parseTimestamptz(value: string): Date {
  const zoneSign = value.charCodeAt(value.length - 3);
  if (value.charCodeAt(4) === 45 && value.charCodeAt(10) === 32 && (zoneSign === 43 || zoneSign === 45)) {
    return new Date(`${value.slice(0, 10)}T${value.slice(11)}:00`);
  }
  return parseAnyTimestamptz(value);
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID && format !== 'binary'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

// The store, the runner and projections work on tables whatever the caller's schema type says.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDatabase = Kysely<any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTransaction = Transaction<any>;

export interface DatabaseOptions {
  maxConnections?: number;
  /** Ends transactions left open by a crashed or stuck client, so they cannot hold log readers back. */
  idleInTransactionTimeoutMs?: number;
}

const statementNames = new Map<string, string>();

/**
 * Makes `text` run as a named prepared statement on connections of pools made here: each connection parses
 * and plans it once, later calls only bind and execute. Kysely sends every query unnamed; run the returned
 * text with `CompiledQuery.raw(text, parameters)`.
 */
export function namedStatement(name: string, text: string): string {
  statementNames.set(text, name);
  return text;
}

/** Runs of one text on a connection after which it is prepared there (as pgJDBC's prepareThreshold). */
const PREPARE_AFTER = 5;
/** Statements a connection prepares of itself at most, and texts whose runs it counts at most. */
const MAX_AUTO_PREPARED = 256;
const MAX_COUNTED = 4_096;
/**
 * Data statements with parameters. Not `*`: a prepared `select *` or `returning *` fails once its table's
 * columns change (a deployment's migration), where the unprepared one would just return the new columns.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\s[^*]*$/i;

/**
 * A prepared statement whose result columns changed type since it was prepared (a deployment's migration while the
 * process runs): PostgreSQL refuses to run it again, and plans it afresh only under another name.
 */
function isOutdatedPlan(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('must not change result type');
}

class NamingClient extends pg.Client {
  private readonly runs = new Map<string, number>();
  private readonly prepared = new Map<string, string>();
  /** Named statements this connection prepares again under another name, their first one being outdated. */
  private readonly renamed = new Map<string, string>();
  private preparedCount = 0;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args;
    if (args.length !== 2 || typeof text !== 'string') {
      return (pg.Client.prototype.query as (...queryArgs: unknown[]) => unknown).apply(this, args);
    }
    const named = statementNames.get(text);
    const name = named ? (this.renamed.get(text) ?? named) : this.preparedName(text, values);
    if (!name) return super.query(text, values);
    return super.query({ name, text, values }).catch((error: unknown) => {
      if (!isOutdatedPlan(error)) throw error;
      // Run unprepared this time, and prepared anew later (a named statement at its next run, under a name of
      // this connection's; another after its fifth); inside a transaction the failure has ended it, so the first
      // error is the one to report.
      if (named) this.renamed.set(text, `${named}_${this.preparedCount++}`);
      else this.prepared.delete(text);
      return super.query(text, values).catch((retryError: unknown) => {
        throw (retryError as { code?: unknown }).code === '25P02' ? error : retryError;
      });
    });
  }

  /**
   * Kysely sends every query unnamed, so the server parses and plans each one anew: a text this connection has
   * run often enough is prepared on it, within bounds, and from then on only bound and executed.
   */
  private preparedName(text: string, values: unknown): string | undefined {
    const name = this.prepared.get(text);
    if (name !== undefined || this.prepared.size >= MAX_AUTO_PREPARED) return name;
    if (!Array.isArray(values) || values.length === 0) return undefined;
    const runs = (this.runs.get(text) ?? 0) + 1;
    if (runs < PREPARE_AFTER) {
      if (runs > 1 || this.runs.size < MAX_COUNTED) this.runs.set(text, runs);
      return undefined;
    }
    this.runs.delete(text);
    if (!PREPARABLE.test(text)) return undefined;
    const prepared = `ls_auto_${this.preparedCount++}`;
    this.prepared.set(text, prepared);
    return prepared;
  }
}

/**
 * The name every connection of the platform's processes gives PostgreSQL: pg_stat_activity tells the platform's
 * sessions, the only ones that append, from a backup's or a console's.
 */
export const PLATFORM_APPLICATION_NAME = 'ledgerstone';

export function createPool(url: string, options: DatabaseOptions = {}): pg.Pool {
  const pool = new pg.Pool({
    Client: NamingClient,
    connectionString: url,
    application_name: PLATFORM_APPLICATION_NAME,
    max: options.maxConnections ?? 10,
    idle_in_transaction_session_timeout: options.idleInTransactionTimeoutMs ?? 10_000,
    types,
  });
  // A connection the server ends (restart, timeout, pg_terminate_backend) emits 'error'; without a listener
  // that would crash the process. The failure reaches the next query on it, and the pool then replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
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

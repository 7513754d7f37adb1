import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { positionOf, readLog } from '../event-store.js';
import { comparePositions, LOG_START, type LogPosition } from '../log-position.js';
import { lockCheckpoint, readCheckpoints, type Projection } from './projection.js';
import { inSchema } from './rebuild-projection.js';
import type { AnyDatabase, AnyTransaction } from '../database.js';

const LOG_WAIT_MS = 10_000;

/** One column of one row where the live table and the replayed one disagree. */
export interface RowDifference {
  table: string;
  /** The row's primary key, column by column. */
  key: Record<string, unknown>;
  /** Null when the whole row is on one side only. */
  column: string | null;
  /** The live value; undefined when the live table lacks the row. */
  live: unknown;
  /** The replayed value; undefined when the replay lacks the row. */
  replayed: unknown;
}

export interface ReplayCheckResult {
  projection: string;
  /** Events replayed: every event of the projection's types up to its live checkpoint. */
  events: number;
  /** Rows that differ, over all tables. */
  differingRows: number;
  /** The first differences, at most `maxDifferences`, in table order then primary key order. */
  differences: RowDifference[];
}

export interface ReplayCheckOptions {
  batchSize?: number;
  /** Schema of the live tables. */
  schema?: string;
  maxDifferences?: number;
}

/**
 * Replays the whole log into fresh tables in a shadow schema, up to the position the live tables reflect,
 * and compares every table row by row (by primary key, every column) with the live one. The last part runs
 * holding the projection's checkpoint lock, so the live tables do not move meanwhile. Changes nothing live;
 * the shadow schema is dropped afterwards.
 */
export async function replayCheck(
  db: AnyDatabase,
  projection: Projection,
  options: ReplayCheckOptions = {},
): Promise<ReplayCheckResult> {
  const schema = options.schema ?? 'public';
  const batchSize = options.batchSize ?? 5_000;
  const maxDifferences = options.maxDifferences ?? 50;
  const shadow = `replay_check_${projection.name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`;
  await sql`create schema ${sql.id(shadow)}`.execute(db);
  try {
    return await db.connection().execute(async (connection) => {
      let position = LOG_START;
      let events = 0;
      /** Applies the events after `position` up to `until`, page by page. */
      const replayUntil = async (
        reader: AnyDatabase,
        trx: AnyTransaction | undefined,
        until: LogPosition,
      ) => {
        const deadline = Date.now() + LOG_WAIT_MS;
        while (comparePositions(position, until) < 0) {
          const page = await readLog(reader, {
            after: position,
            limit: batchSize,
            types: projection.eventTypes,
          });
          const wanted = page.events.filter((event) => comparePositions(positionOf(event), until) <= 0);
          const apply = async (target: AnyTransaction) => {
            if (wanted.length > 0) await projection.apply(target, wanted);
          };
          if (trx) await apply(trx);
          else await inSchema(connection, shadow, { durable: false }, apply);
          events += wanted.length;
          position = page.position;
          // The log shows a transaction's events only once every older transaction has ended.
          if (page.scanned === 0) {
            if (Date.now() > deadline)
              throw new Error(`The log did not reach ${projection.name}'s checkpoint`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        }
        position = until;
      };

      await inSchema(connection, shadow, { durable: false }, (trx) => projection.createTables(trx));
      const checkpoint = (await readCheckpoints(connection)).get(projection.name);
      if (!checkpoint) throw new Error(`Projection ${projection.name} has no checkpoint: it never ran here`);
      await replayUntil(db, undefined, checkpoint);

      return inSchema(connection, shadow, { durable: false }, async (trx) => {
        await replayUntil(trx, trx, await lockCheckpoint(trx, projection.name));
        let differingRows = 0;
        const differences: RowDifference[] = [];
        for (const table of projection.tables) {
          const found = await compareTable(
            trx,
            table,
            { live: schema, shadow },
            maxDifferences - differences.length,
          );
          differingRows += found.differingRows;
          differences.push(...found.differences);
        }
        return { projection: projection.name, events, differingRows, differences };
      });
    });
  } finally {
    await sql`drop schema if exists ${sql.id(shadow)} cascade`.execute(db);
  }
}

async function compareTable(
  trx: AnyTransaction,
  table: string,
  schemas: { live: string; shadow: string },
  limit: number,
): Promise<{ differingRows: number; differences: RowDifference[] }> {
  const { rows: exists } = await sql<{ found: boolean }>`
    select to_regclass(${`${schemas.live}.${table}`}) is not null as found
  `.execute(trx);
  if (!exists[0]?.found) throw new Error(`Live table ${schemas.live}.${table} does not exist`);
  const { rows: keyRows } = await sql<{ name: string }>`
    select a.attname as name
    from pg_index i
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = ${`${schemas.shadow}.${table}`}::regclass and i.indisprimary
    order by k.ord
  `.execute(trx);
  const keys = keyRows.map((row) => row.name);
  if (keys.length === 0) throw new Error(`Table ${table} has no primary key to compare rows by`);

  const live = sql.id(schemas.live, table);
  const replayed = sql.id(schemas.shadow, table);
  const joined = sql.join(
    keys.map((key) => sql`l.${sql.id(key)} = r.${sql.id(key)}`),
    sql` and `,
  );
  const order = sql.join(keys.map((key) => sql`coalesce(l.${sql.id(key)}, r.${sql.id(key)})`));
  const firstKey = sql.id(keys[0]!);
  const { rows } = await sql<{
    live: Record<string, unknown> | null;
    replayed: Record<string, unknown> | null;
    total: string;
  }>`
    select live, replayed, count(*) over () as total
    from (
      select case when l.${firstKey} is null then null else to_jsonb(l) end as live,
        case when r.${firstKey} is null then null else to_jsonb(r) end as replayed, ${order} as sort_key
      from ${live} l full join ${replayed} r on ${joined}
    ) compared
    where live is distinct from replayed
    order by sort_key
    limit ${Math.max(limit, 1)}
  `.execute(trx);
  const differingRows = Number(rows[0]?.total ?? 0);
  const differences: RowDifference[] = [];
  for (const row of rows) {
    const either = (row.live ?? row.replayed)!;
    const key = Object.fromEntries(keys.map((name) => [name, either[name]]));
    if (!row.live || !row.replayed) {
      differences.push({
        table,
        key,
        column: null,
        live: row.live ?? undefined,
        replayed: row.replayed ?? undefined,
      });
      continue;
    }
    const before = differences.length;
    for (const column of new Set([...Object.keys(row.live), ...Object.keys(row.replayed)])) {
      if (JSON.stringify(row.live[column]) !== JSON.stringify(row.replayed[column])) {
        differences.push({ table, key, column, live: row.live[column], replayed: row.replayed[column] });
      }
    }
    // Numbers past a double's precision look alike once parsed: show the whole rows then.
    if (differences.length === before)
      differences.push({ table, key, column: null, live: row.live, replayed: row.replayed });
  }
  return { differingRows, differences: differences.slice(0, Math.max(limit, 0)) };
}

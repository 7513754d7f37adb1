import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { readLogPages, type LogPage } from '../event-store.js';
import { comparePositions, LOG_START, type LogPosition } from '../log-position.js';
import { ensureCheckpoint, lockCheckpoint, saveCheckpoint, type Projection } from './projection.js';
import type { AnyDatabase, AnyTransaction } from '../database.js';

/** How long a rebuild waits for transactions still running to end before it can read the log to its end. */
const LOG_WAIT_MS = 30_000;

export interface RebuildOptions {
  batchSize?: number;
  /** Schema of the live tables. */
  schema?: string;
}

/**
 * Replays the whole log into fresh tables in a scratch schema, then, holding the projection's checkpoint
 * lock (so a running projector waits), applies what was appended meanwhile, swaps the tables in and moves
 * the checkpoint, all in one transaction.
 */
export async function rebuildProjection(
  db: AnyDatabase,
  projection: Projection,
  options: RebuildOptions = {},
): Promise<{ events: number }> {
  const schema = options.schema ?? 'public';
  const batchSize = options.batchSize ?? 5_000;
  const scratch = `rebuild_${projection.name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_${randomBytes(4).toString('hex')}`;
  await sql`create schema ${sql.id(scratch)}`.execute(db);
  try {
    return await db.connection().execute(async (connection) => {
      let position = LOG_START;
      let applied = 0;
      // Each page is applied while the next one is read ahead.
      const pagesAfter = (reader: AnyDatabase, after: LogPosition) =>
        readLogPages(reader, { after, limit: batchSize, types: projection.eventTypes });
      const apply = async (trx: AnyTransaction, page: LogPage) => {
        if (page.events.length > 0) await projection.apply(trx, page.events);
        position = page.position;
        applied += page.events.length;
      };

      await inSchema(connection, scratch, { durable: false }, (trx) => projection.createTables(trx));
      // The log shows a transaction's events only once every older transaction of the server, in any of its
      // databases, has ended: read until it shows every event committed before the rebuild began.
      const end = await lastLogPosition(db);
      const deadline = Date.now() + LOG_WAIT_MS;
      for (;;) {
        // Read through the pool, so the read-ahead runs on another connection than the one applying.
        for await (const page of pagesAfter(db, position)) {
          await inSchema(connection, scratch, { durable: false }, (trx) => apply(trx, page));
        }
        if (!end || comparePositions(position, end) >= 0) break;
        if (Date.now() > deadline) {
          throw new Error(
            `The log did not show every event up to ${end.transactionId}:${end.globalPosition}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }

      await ensureCheckpoint(connection, projection.name);
      await inSchema(connection, scratch, { durable: true }, async (trx) => {
        await lockCheckpoint(trx, projection.name);
        for await (const page of pagesAfter(trx, position)) await apply(trx, page);
        for (const table of projection.tables) {
          await sql`drop table if exists ${sql.id(schema, table)}`.execute(trx);
          await sql`alter table ${sql.id(scratch, table)} set schema ${sql.id(schema)}`.execute(trx);
        }
        await saveCheckpoint(trx, projection.name, position);
      });
      return { events: applied };
    });
  } finally {
    await sql`drop schema if exists ${sql.id(scratch)} cascade`.execute(db);
  }
}

/** Runs `work` in a transaction whose unqualified table names resolve to `schema` first. */
export function inSchema<T>(
  connection: AnyDatabase,
  schema: string,
  options: { durable: boolean },
  work: (trx: AnyTransaction) => Promise<T>,
): Promise<T> {
  return connection.transaction().execute(async (trx) => {
    await sql`
      select set_config('search_path', ${schema} || ', ' || current_setting('search_path'), true),
        set_config('synchronous_commit', ${options.durable ? 'on' : 'off'}, true)
    `.execute(trx);
    return work(trx);
  });
}

/** The newest committed event's position, or undefined while the log is empty. */
async function lastLogPosition(db: AnyDatabase): Promise<LogPosition | undefined> {
  const { rows } = await sql<{ transaction_id: string; global_position: string }>`
    select transaction_id::text, global_position::text from events
    order by transaction_id desc, global_position desc limit 1
  `.execute(db);
  const last = rows[0];
  return last && { transactionId: BigInt(last.transaction_id), globalPosition: BigInt(last.global_position) };
}

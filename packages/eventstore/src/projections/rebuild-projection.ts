import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { readLogPages, type LogPage } from '../event-store.js';
import { LOG_START, type LogPosition } from '../log-position.js';
import { ensureCheckpoint, lockCheckpoint, saveCheckpoint, type Projection } from './projection.js';
import type { AnyDatabase, AnyTransaction } from '../database.js';

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
      // Read through the pool, so the read-ahead runs on another connection than the one applying.
      for await (const page of pagesAfter(db, position)) {
        await inSchema(connection, scratch, { durable: false }, (trx) => apply(trx, page));
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

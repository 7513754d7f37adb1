import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { EventStore } from '../event-store.js';
import { LogFollower } from '../log-follower.js';
import type { LogPosition } from '../log-position.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { readCheckpoints, type Projection } from './projection.js';
import { ProjectionRunner } from './projection-runner.js';
import { rebuildProjection } from './rebuild-projection.js';
import type { AnyDatabase } from '../database.js';

let database: TestDatabase<unknown>;
let store: EventStore;
let follower: LogFollower;

beforeAll(async () => {
  database = await createTestDatabase('rebuild_projection');
  store = new EventStore(database.db);
  follower = await LogFollower.start(database.url);
});

afterAll(async () => {
  await follower.stop();
  await database.drop();
});

/** Sums AmountMoved per stream into `table`: applying an event twice or missing one changes a total. */
function balancesProjection(name: string, table: string): Projection {
  return {
    name,
    eventTypes: ['AmountMoved'],
    tables: [table],
    async createTables(db: AnyDatabase) {
      await db.schema
        .createTable(table)
        .addColumn('stream_id', 'text', (column) => column.primaryKey())
        .addColumn('total', 'bigint', (column) => column.notNull())
        .addColumn('moves', 'integer', (column) => column.notNull())
        .execute();
      await db.schema.createIndex(`${table}_total`).on(table).column('total').execute();
    },
    async apply(trx, events) {
      for (const event of events) {
        const { amount } = event.data as { amount: number };
        await trx
          .insertInto(table)
          .values({ stream_id: event.streamId, total: amount, moves: 1 })
          .onConflict((conflict) =>
            conflict.column('stream_id').doUpdateSet({
              total: sql`${sql.table(table)}.total + excluded.total`,
              moves: sql`${sql.table(table)}.moves + 1`,
            }),
          )
          .execute();
      }
    },
  };
}

async function appendMoves(prefix: string, count: number): Promise<LogPosition> {
  let last: LogPosition | undefined;
  for (let index = 0; index < count; index += 1) {
    const events = [
      { id: randomUUID(), type: 'AmountMoved', data: { amount: index + 1 } },
      { id: randomUUID(), type: 'NoteAdded', data: {} },
    ];
    last = (await store.append(`${prefix}-${index % 7}`, events, { expectedVersion: 'any' })).logPosition;
  }
  return last!;
}

async function balances(table: string): Promise<unknown[]> {
  const { rows } =
    await sql`select stream_id, total, moves from ${sql.table(table)} order by stream_id`.execute(
      database.db,
    );
  return rows;
}

async function handledCount(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::integer as n from events where type = 'AmountMoved'
  `.execute(database.db);
  return rows[0]?.n ?? 0;
}

/** The balances straight from the log, for the projections here that cover every stream. */
async function balancesFromLog(): Promise<unknown[]> {
  const { rows } = await sql`
    select stream_id, sum((data ->> 'amount')::bigint)::bigint as total, count(*)::integer as moves
    from events where type = 'AmountMoved' group by stream_id order by stream_id
  `.execute(database.db);
  return rows;
}

describe('rebuildProjection', () => {
  it('replays the log into fresh tables equal to the live ones and swaps them in', async () => {
    const last = await appendMoves('steady', 120);
    const projection = balancesProjection('steady', 'steady_balances');
    const runner = new ProjectionRunner(database.db, [projection], { follower, batchSize: 50 });
    await runner.start();
    expect(await runner.waitForPosition(last)).toBe(true);
    await runner.stop();
    const live = await balances('steady_balances');
    const checkpointBefore = (await readCheckpoints(database.db)).get('steady');

    const result = await rebuildProjection(database.db, projection, { batchSize: 50 });

    expect(result.events).toBe(120);
    expect(await balances('steady_balances')).toEqual(live);
    expect(live).toEqual(await balancesFromLog());
    expect((await readCheckpoints(database.db)).get('steady')).toEqual(checkpointBefore);
    const { rows: scratch } = await sql`
      select nspname from pg_namespace where nspname like 'rebuild_%'
    `.execute(database.db);
    expect(scratch).toEqual([]);
  });

  it('loses and repeats nothing while the projector runs and writers append during the rebuild', async () => {
    const projection = balancesProjection('busy', 'busy_balances');
    const runner = new ProjectionRunner(database.db, [projection], { follower, batchSize: 20 });
    await runner.start();
    await appendMoves('busy', 100);
    const handledAtStart = await handledCount();

    const writing = appendMoves('busy', 200);
    // Slowed down so that the writers keep appending while the rebuild replays.
    const slowed: Projection = {
      ...projection,
      apply: async (trx, events) => {
        await sleep(3);
        await projection.apply(trx, events);
      },
    };
    const result = await rebuildProjection(database.db, slowed, { batchSize: 20 });
    await writing;
    const last = await appendMoves('busy', 20);
    expect(await runner.waitForPosition(last)).toBe(true);
    await runner.stop();

    expect(result.events).toBeGreaterThan(handledAtStart);
    expect(await balances('busy_balances')).toEqual(await balancesFromLog());
  });

  it('reads every event committed before it began while an older transaction of another database hides them', async () => {
    // Transaction ids are the server's, not the database's: one still running anywhere keeps later ones out of the log.
    const otherDatabase = new URL(database.url);
    otherDatabase.pathname = '/postgres';
    const older = new pg.Client({ connectionString: otherDatabase.toString() });
    await older.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      await appendMoves('hidden', 5);
      const rebuilding = rebuildProjection(database.db, balancesProjection('hidden', 'hidden_balances'));
      // Ends the older transaction once the rebuild has finished or has waited a second, whichever comes first.
      await Promise.race([rebuilding.catch(() => undefined), sleep(1_000)]);
      await older.query('commit');

      const result = await rebuilding;

      expect(result.events).toBe(await handledCount());
      expect(await balances('hidden_balances')).toEqual(await balancesFromLog());
    } finally {
      await older.end();
    }
  });

  it('creates the tables and checkpoint of a projection that never ran, which a runner then continues', async () => {
    const projection = balancesProjection('fresh', 'fresh_balances');

    await rebuildProjection(database.db, projection);
    const last = await appendMoves('fresh', 10);
    const runner = new ProjectionRunner(database.db, [projection], { follower });
    await runner.start();
    expect(await runner.waitForPosition(last)).toBe(true);
    await runner.stop();

    expect(await balances('fresh_balances')).toEqual(await balancesFromLog());
  });
});

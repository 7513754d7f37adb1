import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import { EventStore } from '../event-store.js';
import { LOG_START } from '../log-position.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { Projection } from './projection.js';
import { rebuildProjection } from './rebuild-projection.js';
import { replayCheck } from './replay-check.js';

let database: TestDatabase<unknown>;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('replay_check');
  store = new EventStore(database.db);
});

afterAll(async () => {
  await database.drop();
});

/** Counts moves per stream and day: a table with a two-column primary key. */
const moves: Projection = {
  name: 'moves',
  eventTypes: ['Moved'],
  tables: ['moves_by_day'],
  async createTables(db) {
    await sql`
      create table moves_by_day (
        stream_id text not null, day text not null, moves integer not null, total numeric(12, 2) not null,
        primary key (stream_id, day)
      )
    `.execute(db);
  },
  async apply(trx, events) {
    for (const event of events) {
      const { day, amount } = event.data as { day: string; amount: string };
      await sql`
        insert into moves_by_day (stream_id, day, moves, total) values (${event.streamId}, ${day}, 1, ${amount})
        on conflict (stream_id, day) do update
        set moves = moves_by_day.moves + 1, total = moves_by_day.total + excluded.total
      `.execute(trx);
    }
  },
};

async function move(streamId: string, day: string, amount: string): Promise<void> {
  await store.append(streamId, [{ id: randomUUID(), type: 'Moved', data: { day, amount } }], {
    expectedVersion: 'any',
  });
}

/**
 * Waits until the log shows `count` events: any transaction open on the server (another test file's) holds
 * readers back, and a rebuild would then stop at the events it can see.
 */
async function untilLogShows(count: number): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if ((await store.readAll({ after: LOG_START, limit: count })).length === count) return;
    await sleep(25);
  }
  throw new Error(`the log did not show ${count} events`);
}

describe('replayCheck', () => {
  it('refuses a projection that never ran', async () => {
    await expect(replayCheck(database.db, moves)).rejects.toThrow('moves has no checkpoint');
  });

  it('finds live tables equal to a replay up to their checkpoint, even when the log has moved on', async () => {
    await move('a', '2026-01-01', '10.50');
    await move('a', '2026-01-01', '2.25');
    await move('b', '2026-01-02', '1.00');
    await untilLogShows(3);
    await rebuildProjection(database.db, moves);
    await move('a', '2026-01-03', '5.00');

    expect(await replayCheck(database.db, moves)).toEqual({
      projection: 'moves',
      events: 3,
      differingRows: 0,
      differences: [],
    });
    const { rows } = await sql`select nspname from pg_namespace where nspname like 'replay_check_%'`.execute(
      database.db,
    );
    expect(rows).toEqual([]);
  });

  it('names every differing column, and rows present on one side only, in primary key order', async () => {
    await sql`update moves_by_day set moves = 7, total = 1 where stream_id = 'a' and day = '2026-01-01'`.execute(
      database.db,
    );
    await sql`delete from moves_by_day where stream_id = 'b'`.execute(database.db);
    await sql`insert into moves_by_day values ('c', '2026-01-09', 1, 3)`.execute(database.db);

    const result = await replayCheck(database.db, moves);

    expect(result.differingRows).toBe(3);
    expect(result.differences).toEqual([
      {
        table: 'moves_by_day',
        key: { stream_id: 'a', day: '2026-01-01' },
        column: 'moves',
        live: 7,
        replayed: 2,
      },
      {
        table: 'moves_by_day',
        key: { stream_id: 'a', day: '2026-01-01' },
        column: 'total',
        live: 1.0,
        replayed: 12.75,
      },
      {
        table: 'moves_by_day',
        key: { stream_id: 'b', day: '2026-01-02' },
        column: null,
        live: undefined,
        replayed: { stream_id: 'b', day: '2026-01-02', moves: 1, total: 1.0 },
      },
      {
        table: 'moves_by_day',
        key: { stream_id: 'c', day: '2026-01-09' },
        column: null,
        live: { stream_id: 'c', day: '2026-01-09', moves: 1, total: 3.0 },
        replayed: undefined,
      },
    ]);
    expect((await replayCheck(database.db, moves, { maxDifferences: 1 })).differences).toHaveLength(1);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { EventStore } from './event-store.js';
import { verifyHashChains } from './hash-chain.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

let database: TestDatabase<unknown>;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('hash_chain');
  store = new EventStore(database.db);
});

afterAll(async () => {
  await database.drop();
});

async function appendStream(streamId: string, count: number): Promise<void> {
  for (let position = 1; position <= count; position += 2) {
    const batch = Array.from({ length: Math.min(2, count - position + 1) }, (_, index) => ({
      id: randomUUID(),
      type: 'AmountMoved',
      data: { amount: String((position + index) * 100), note: 'é ✓ "quoted"' },
      metadata: { actorId: 'admin-1', actorRole: 'admin' as const },
    }));
    await store.append(streamId, batch, { expectedVersion: position - 1 });
  }
}

/** Changes stored rows the way someone with superuser access could, past the append-only trigger. */
async function editByHand(statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.connection().execute(async (connection) => {
    await sql`set session_replication_role = replica`.execute(connection);
    try {
      await statement.execute(connection);
    } finally {
      await sql`set session_replication_role = origin`.execute(connection);
    }
  });
}

describe('verifyHashChains', () => {
  it('accepts untouched streams and counts them', async () => {
    await appendStream('chain-a', 5);
    await appendStream('chain-b', 3);

    expect(await verifyHashChains(database.db)).toEqual({ ok: true, streams: 2, events: 8 });
    expect(await verifyHashChains(database.db, { streamId: 'chain-a' })).toEqual({
      ok: true,
      streams: 1,
      events: 5,
    });
  });

  it('names the stream and position of an event whose data was changed by hand', async () => {
    await appendStream('edited-data', 6);

    await editByHand(
      sql`update events set data = '{"amount":"999999"}' where stream_id = 'edited-data' and stream_position = 4`,
    );

    expect(await verifyHashChains(database.db, { streamId: 'edited-data' })).toEqual({
      ok: false,
      streamId: 'edited-data',
      streamPosition: 4,
      reason: expect.stringContaining('hash'),
    });
    expect(await verifyHashChains(database.db)).toMatchObject({
      ok: false,
      streamId: 'edited-data',
      streamPosition: 4,
    });
  });

  it('finds the next link broken when an event and its own hash were both rewritten', async () => {
    await appendStream('rehashed', 4);

    await editByHand(sql`
      update events
      set metadata = '{"actorId":"someone-else"}',
        hash = event_hash(
          (select p.hash from events p where p.stream_id = 'rehashed' and p.stream_position = 1),
          stream_id, stream_position, event_id, type, data, '{"actorId":"someone-else"}', recorded_at)
      where stream_id = 'rehashed' and stream_position = 2
    `);

    expect(await verifyHashChains(database.db, { streamId: 'rehashed' })).toMatchObject({
      ok: false,
      streamId: 'rehashed',
      streamPosition: 3,
    });
  });

  it('names the position of a deleted event', async () => {
    await appendStream('deleted', 5);

    await editByHand(sql`delete from events where stream_id = 'deleted' and stream_position = 2`);

    expect(await verifyHashChains(database.db, { streamId: 'deleted' })).toEqual({
      ok: false,
      streamId: 'deleted',
      streamPosition: 2,
      reason: expect.stringContaining('missing'),
    });
  });

  it('also catches an edit made with the trigger disabled', async () => {
    await appendStream('trigger-off', 3);

    await sql`alter table events disable trigger events_append_only`.execute(database.db);
    try {
      await sql`update events set type = 'Forged' where stream_id = 'trigger-off' and stream_position = 1`.execute(
        database.db,
      );
    } finally {
      await sql`alter table events enable trigger events_append_only`.execute(database.db);
    }

    expect(await verifyHashChains(database.db, { streamId: 'trigger-off' })).toMatchObject({
      ok: false,
      streamPosition: 1,
    });
  });
});

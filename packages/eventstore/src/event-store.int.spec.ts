import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { DuplicateEvent, StreamVersionConflict } from './errors.js';
import { EventStore } from './event-store.js';
import { LOG_START } from './log-position.js';
import type { NewEvent } from './events.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

function deposit(amount: number): NewEvent {
  return {
    id: randomUUID(),
    type: 'DepositRequested',
    data: { amount: String(amount) },
    metadata: { actorId: 'member-1', actorRole: 'member', correlationId: randomUUID() },
  };
}

let database: TestDatabase<unknown>;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('event_store');
  store = new EventStore(database.db);
});

afterAll(async () => {
  await database.drop();
});

describe('append', () => {
  it('stores the events in order with their metadata and returns the next expected version', async () => {
    const events = [deposit(100), deposit(200)];
    const result = await store.append('account-order', events, { expectedVersion: 'no_stream' });

    const stored = await store.readStream('account-order');
    expect(result.nextExpectedVersion).toBe(2);
    expect(result.lastGlobalPosition).toBe(stored[1]?.globalPosition);
    expect(result.logPosition).toEqual({
      transactionId: stored[1]?.transactionId,
      globalPosition: stored[1]?.globalPosition,
    });
    expect(
      stored.map((event) => [event.streamPosition, event.id, event.type, event.data, event.metadata]),
    ).toEqual(events.map((event, index) => [index + 1, event.id, event.type, event.data, event.metadata]));
    expect(stored[0]?.recordedAt).toBeInstanceOf(Date);
    expect(stored.every((event) => /^[0-9a-f]{64}$/.test(event.hash))).toBe(true);
  });

  it('reads a range of a stream', async () => {
    await store.append('account-range', [deposit(1), deposit(2), deposit(3), deposit(4)], {
      expectedVersion: 0,
    });

    const middle = await store.readStream('account-range', { fromPosition: 2, toPosition: 3 });

    expect(middle.map((event) => event.streamPosition)).toEqual([2, 3]);
  });

  it('refuses a stale expected version without writing anything', async () => {
    await store.append('account-stale', [deposit(1)], { expectedVersion: 'no_stream' });

    const attempt = store.append('account-stale', [deposit(2), deposit(3)], { expectedVersion: 0 });

    await expect(attempt).rejects.toThrow(StreamVersionConflict);
    await expect(attempt).rejects.toMatchObject({ streamId: 'account-stale', expected: 0, actual: 1 });
    expect(await store.readStream('account-stale')).toHaveLength(1);
  });

  it('lets exactly one of two appends at the same expected version win, writing nothing of the loser', async () => {
    await store.append('account-race', [deposit(1), deposit(2)], { expectedVersion: 'no_stream' });
    const first = [deposit(10), deposit(11)];
    const second = [deposit(20), deposit(21)];

    // Both transactions are open at the same time: the first holds its append until the second has started.
    const outcomes = await Promise.allSettled(
      [first, second].map((events, index) =>
        store.transaction(async (trx) => {
          await sleep(index * 20);
          const result = await store.appendInTransaction(trx, 'account-race', events, { expectedVersion: 2 });
          await sleep(100);
          return result;
        }),
      ),
    );

    const fulfilled = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const rejected = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(fulfilled).toHaveLength(1);
    expect(rejected).toHaveLength(1);
    expect(rejected[0]?.reason).toBeInstanceOf(StreamVersionConflict);
    expect(rejected[0]?.reason).toMatchObject({ expected: 2, actual: 4 });
    const winner = outcomes[0]?.status === 'fulfilled' ? first : second;
    const stored = await store.readStream('account-race');
    expect(stored.map((event) => event.id).slice(2)).toEqual(winner.map((event) => event.id));
  });

  it('lets exactly one of many concurrent "no_stream" appends create the stream', async () => {
    const attempts = Array.from({ length: 8 }, () => [deposit(1)]);

    const outcomes = await Promise.allSettled(
      attempts.map((events) =>
        store.append('account-created-once', events, { expectedVersion: 'no_stream' }),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(StreamVersionConflict);
    }
    expect(await store.readStream('account-created-once')).toHaveLength(1);
  });

  it('reports a conflict caught by the unique position when the caller reads an older snapshot', async () => {
    await store.append('account-snapshot', [deposit(1)], { expectedVersion: 'no_stream' });

    const attempt = database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .execute(async (trx) => {
        await sql`select count(*) from events`.execute(trx);
        await store.append('account-snapshot', [deposit(2)], { expectedVersion: 1 });
        return store.appendInTransaction(trx, 'account-snapshot', [deposit(3)], { expectedVersion: 1 });
      });

    await expect(attempt).rejects.toThrow(StreamVersionConflict);
    expect((await store.readStream('account-snapshot')).map((event) => event.data)).toEqual([
      { amount: '1' },
      { amount: '2' },
    ]);
  });

  it('appends through a statement its connection prepares once, inside a transaction too', async () => {
    const executions = await database.db.transaction().execute(async (trx) => {
      const count = async () => {
        const { rows } = await sql<{ executions: bigint }>`
          select generic_plans + custom_plans as executions from pg_prepared_statements
          where name = 'ls_append_events'
        `.execute(trx);
        return rows[0]?.executions ?? 0n;
      };
      const before = await count();
      await store.appendInTransaction(trx, 'account-prepared', [deposit(1)], {
        expectedVersion: 'no_stream',
      });
      await store.appendInTransaction(trx, 'account-prepared', [deposit(2)], { expectedVersion: 1 });
      return (await count()) - before;
    });

    expect(executions).toBe(2n);
    expect(await store.streamVersion('account-prepared')).toBe(2);
  });

  it("appends at 'any' version whatever the stream holds", async () => {
    await store.append('account-any', [deposit(1)], { expectedVersion: 'any' });

    const result = await store.append('account-any', [deposit(2)], { expectedVersion: 'any' });

    expect(result.nextExpectedVersion).toBe(2);
  });

  it.each([
    ['one event (the fast path)', 1],
    ['a batch', 2],
  ])(
    'records %s of a transaction begun before the last append later than that append: times rise along a stream',
    async (_kind, count) => {
      const stream = `account-times-${randomUUID()}`;
      await store.append(stream, [deposit(1)], { expectedVersion: 'any' });
      await database.db.transaction().execute(async (trx) => {
        // Begun now; the next append, by another transaction, commits before this one appends.
        await sql`select 1`.execute(trx);
        await sleep(20);
        await store.append(stream, [deposit(2)], { expectedVersion: 'any' });
        await store.appendInTransaction(
          trx,
          stream,
          Array.from({ length: count }, (_, index) => deposit(3 + index)),
          { expectedVersion: 'any' },
        );
      });

      const times = (await store.readStream(stream)).map((event) => event.recordedAt.getTime());
      expect(times).toHaveLength(2 + count);
      expect(times).toEqual([...times].sort((first, second) => first - second));
    },
  );

  it('rejects an event id that is not a uuid', async () => {
    const attempt = store.append('account-bad-id', [{ id: 'x1', type: 'T', data: {} }], {
      expectedVersion: 'any',
    });

    await expect(attempt).rejects.toThrow(TypeError);
  });
});

describe('idempotent event ids', () => {
  it('stores an event appended twice once and returns the stored result', async () => {
    const event = deposit(500);
    const first = await store.append('account-retry', [event], { expectedVersion: 'no_stream' });

    const again = await store.append('account-retry', [event], { expectedVersion: 'no_stream' });

    expect(again).toEqual(first);
    expect(await store.readStream('account-retry')).toHaveLength(1);
  });

  it('stores a batch appended twice once, even after the stream moved on', async () => {
    const batch = [deposit(1), deposit(2)];
    const first = await store.append('account-batch-retry', batch, { expectedVersion: 0 });
    await store.append('account-batch-retry', [deposit(3)], { expectedVersion: 2 });

    const again = await store.append('account-batch-retry', batch, { expectedVersion: 0 });

    expect(again).toEqual(first);
    expect(await store.readStream('account-batch-retry')).toHaveLength(3);
  });

  it('refuses a batch of which only some events are stored', async () => {
    const stored = deposit(1);
    await store.append('account-partial', [stored], { expectedVersion: 0 });

    const attempt = store.append('account-partial', [stored, deposit(2)], { expectedVersion: 1 });

    await expect(attempt).rejects.toThrow(DuplicateEvent);
    await expect(attempt).rejects.toMatchObject({ eventId: stored.id });
    expect(await store.readStream('account-partial')).toHaveLength(1);
  });

  it('refuses an event id stored in another stream', async () => {
    const event = deposit(1);
    await store.append('account-owner', [event], { expectedVersion: 0 });

    const attempt = store.append('account-other', [event], { expectedVersion: 0 });

    await expect(attempt).rejects.toMatchObject({ name: 'DuplicateEvent', eventId: event.id });
    expect(await store.readStream('account-other')).toHaveLength(0);
  });

  it('stores an event appended concurrently to two streams once', async () => {
    const event = deposit(1);

    const outcomes = await Promise.allSettled(
      ['account-twin-a', 'account-twin-b'].map((streamId) =>
        store.transaction(async (trx) => {
          const result = await store.appendInTransaction(trx, streamId, [event], { expectedVersion: 0 });
          await sleep(50);
          return result;
        }),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((outcome) => outcome.status === 'rejected');
    expect(rejected?.reason).toBeInstanceOf(DuplicateEvent);
    expect(rejected?.reason).toMatchObject({ eventId: event.id });
    const { rows } = await sql<{
      n: bigint;
    }>`select count(*) as n from events where event_id = ${event.id}`.execute(database.db);
    expect(rows[0]?.n).toBe(1n);
  });
});

describe('append-only table', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await store.append('account-frozen', [deposit(1)], { expectedVersion: 0 });

    await expect(
      sql`update events set data = '{"amount":"999"}' where stream_id = 'account-frozen'`.execute(
        database.db,
      ),
    ).rejects.toThrow(/append-only/);
    await expect(
      sql`delete from events where stream_id = 'account-frozen'`.execute(database.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`truncate events`.execute(database.db)).rejects.toThrow(/append-only/);
    expect((await store.readStream('account-frozen'))[0]?.data).toEqual({ amount: '1' });
  });
});

describe('reading back', () => {
  const readAllOf = async (streamId: string) =>
    (await store.readAll({ after: LOG_START, limit: 100_000 })).filter(
      (event) => event.streamId === streamId,
    );

  const content: NewEvent[] = [
    {
      id: randomUUID(),
      type: 'Unicode',
      data: { name: 'Zoë Ångström 東京 💸', quote: 'a "quoted" \\ back\\slash\nnew line\ttab', empty: '' },
      metadata: { actorId: 'ünïcödé-1', actorRole: 'member', correlationId: randomUUID() },
    },
    {
      id: randomUUID(),
      type: 'BigNumbers',
      data: { amount: '123456789012345678901234567890.123456789', negative: '-0.000000000000000001' },
      metadata: {},
    },
    {
      id: randomUUID(),
      type: 'Nested',
      data: {
        levels: { one: { two: { three: [1, [2, [3, { four: null }]], true, false, -1.5e-7] } } },
        list: [],
        object: {},
      },
      metadata: { actorRole: 'system', causationId: randomUUID(), requestId: 'req-1' },
    },
    { id: randomUUID(), type: 'Scalar', data: 'just a string', metadata: {} },
  ];

  /** Each event's columns as the server holds them, recorded_at in microseconds since the epoch. */
  async function storedColumns(streamId: string) {
    const { rows } = await sql<{
      global_position: bigint;
      transaction_id: bigint;
      stream_position: number;
      event_id: string;
      type: string;
      data_text: string;
      metadata_text: string;
      recorded_at_us: string;
      hash_hex: string;
    }>`
      select global_position, transaction_id, stream_position, event_id, type, data::text as data_text,
        metadata::text as metadata_text, (extract(epoch from recorded_at) * 1000000)::bigint::text as recorded_at_us,
        encode(hash, 'hex') as hash_hex
      from events where stream_id = ${streamId} order by stream_position
    `.execute(database.db);
    return rows;
  }

  it('returns what was appended, the same through readStream, readAll and readLog', async () => {
    const streamId = `reading-back-${randomUUID()}`;
    const appended = await store.append(streamId, content, { expectedVersion: 'no_stream' });
    const stored = await storedColumns(streamId);

    const fromStream = await store.readStream(streamId);
    // The global log shows a transaction only once every older one in the cluster has ended; other test files
    // running beside this one may hold one open for a moment.
    let fromAll = await readAllOf(streamId);
    for (let tries = 0; fromAll.length < content.length && tries < 100; tries += 1) {
      await sleep(100);
      fromAll = await readAllOf(streamId);
    }
    const fromLog = await store.readLog({
      after: LOG_START,
      limit: 100_000,
      types: ['Unicode', 'Nested', 'Scalar'],
    });

    expect(fromStream.map((event) => [event.id, event.type, event.data, event.metadata])).toEqual(
      content.map((event) => [event.id, event.type, event.data, event.metadata]),
    );
    expect(fromStream.at(-1)?.globalPosition).toBe(appended.lastGlobalPosition);
    expect(fromStream).toEqual(
      stored.map((row) => ({
        globalPosition: row.global_position,
        transactionId: row.transaction_id,
        streamId,
        streamPosition: row.stream_position,
        id: row.event_id,
        type: row.type,
        data: JSON.parse(row.data_text),
        metadata: JSON.parse(row.metadata_text),
        recordedAt: new Date(Math.floor(Number(row.recorded_at_us) / 1000)),
        hash: row.hash_hex,
      })),
    );
    expect(fromAll).toEqual(fromStream);
    expect(fromLog.events.filter((event) => event.streamId === streamId)).toEqual(
      fromStream.filter((event) => event.type !== 'BigNumbers'),
    );
  });

  it('cuts recorded_at to the millisecond, as a Date holds it, before and after 1970', async () => {
    const streamId = `reading-back-times-${randomUUID()}`;
    const times = [
      '2026-11-21 20:07:24.651999+00',
      '1969-07-20 20:17:40.000999+00',
      '2000-01-01 00:00:00+00',
    ];
    await database.db.transaction().execute(async (trx) => {
      let previous: Buffer = Buffer.alloc(0);
      for (const [index, recordedAt] of times.entries()) {
        const { rows } = await sql<{ hash: Buffer }>`
          insert into events (stream_id, stream_position, event_id, type, data, metadata, recorded_at, hash)
          select ${streamId}, ${index + 1}, ${randomUUID()}::uuid, 'Timed', '{}', '{}', ${recordedAt}::timestamptz,
            event_hash(${previous}, ${streamId}, ${index + 1}, event_id, 'Timed', '{}', '{}', ${recordedAt}::timestamptz)
          from (select ${randomUUID()}::uuid as event_id) ids
          returning hash
        `.execute(trx);
        previous = rows[0]!.hash;
      }
    });

    const read = await store.readStream(streamId);

    expect(read.map((event) => event.recordedAt.toISOString())).toEqual([
      '2026-11-21T20:07:24.651Z',
      '1969-07-20T20:17:40.000Z',
      '2000-01-01T00:00:00.000Z',
    ]);
  });

  it('reads recorded_at as the database cuts it to milliseconds, for times from 1900 to 2100', async () => {
    const prefix = `reading-back-many-times-${randomUUID()}-`;
    // Every microsecond ending of a millisecond near the edges (000, 001, 999), and random ones.
    await sql`
      insert into events (stream_id, stream_position, event_id, type, data, metadata, recorded_at, hash)
      select ${prefix}::text || g, 1, event_id, 'Timed', '{}', '{}', recorded_at,
        event_hash('\\x', ${prefix}::text || g, 1, event_id, 'Timed', '{}', '{}', recorded_at)
      from generate_series(1, 3000) g,
        lateral (select gen_random_uuid() as event_id,
          date_trunc('milliseconds', timestamptz '1900-01-01 00:00:00+00' + random() * interval '200 years' + g * interval '0')
            + (array[0, 1, 999, (random() * 999)::int])[1 + g % 4] * interval '1 microsecond' as recorded_at) times
    `.execute(database.db);
    const { rows: expected } = await sql<{ stream_id: string; ms: string }>`
      select stream_id, floor(extract(epoch from recorded_at) * 1000)::text as ms
      from events where stream_id like ${`${prefix}%`}
    `.execute(database.db);

    const readTimed = async () =>
      (await store.readAll({ after: LOG_START, limit: 100_000 })).filter((event) =>
        event.streamId.startsWith(prefix),
      );
    // As above: a transaction open elsewhere in the cluster may hold the log back for a moment.
    let read = await readTimed();
    for (let tries = 0; read.length < 3000 && tries < 100; tries += 1) {
      await sleep(100);
      read = await readTimed();
    }

    expect(expected).toHaveLength(3000);
    const readMs = new Map(read.map((event) => [event.streamId, String(event.recordedAt.getTime())]));
    expect(expected.filter((row) => readMs.get(row.stream_id) !== row.ms)).toEqual([]);
  });
});

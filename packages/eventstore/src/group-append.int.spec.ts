import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { DuplicateEvent, StreamVersionConflict } from './errors.js';
import { EventStore } from './event-store.js';
import type { NewEvent } from './events.js';
import { verifyHashChains } from './hash-chain.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

function noted(note: string): NewEvent {
  return { id: randomUUID(), type: 'Noted', data: { note }, metadata: { actorId: 'tester' } };
}

let database: TestDatabase<unknown>;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('group_append', { maxConnections: 8 });
  store = new EventStore(database.db);
});

afterAll(async () => {
  await database.drop();
});

const streamsOf = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${i}`);

async function transactionsOf(prefix: string): Promise<number> {
  const { rows } = await sql<{ transactions: number }>`
    select count(distinct transaction_id)::int as transactions from events where stream_id like ${`${prefix}-%`}
  `.execute(database.db);
  return rows[0]!.transactions;
}

/** Each writer appends to its own stream `rounds` times, each append sent as soon as its previous one is done. */
async function appendInRounds(writers: string[], rounds: number): Promise<void> {
  await Promise.all(
    writers.map(async (stream) => {
      for (let version = 0; version < rounds; version++) {
        await store.append(stream, [noted(`${stream} ${version}`)], {
          expectedVersion: version || 'no_stream',
        });
      }
    }),
  );
}

describe('single-event appends sent at once', () => {
  it('Given 20 appends to 20 streams at once, When they are written, Then each is appended with its own result, and all left together', async () => {
    const streams = streamsOf('group-many', 20);

    const results = await Promise.all(
      streams.map((stream) => store.append(stream, [noted(stream)], { expectedVersion: 'no_stream' })),
    );

    for (const [index, stream] of streams.entries()) {
      const [event] = await store.readStream(stream);
      expect({ stream, note: event?.data, version: results[index]!.nextExpectedVersion }).toEqual({
        stream,
        note: { note: stream },
        version: 1,
      });
      expect(results[index]!.logPosition).toEqual({
        transactionId: event!.transactionId,
        globalPosition: event!.globalPosition,
      });
    }
    // Asked for in one turn of the event loop: one statement, one transaction.
    expect(await transactionsOf('group-many')).toBe(1);
  });

  it('Given 8 writers that each append again as soon as their append is done, When they write 5 rounds, Then each round leaves together', async () => {
    const writers = streamsOf('group-rounds', 8);

    await appendInRounds(writers, 5);

    for (const stream of writers) expect(await store.readStream(stream)).toHaveLength(5);
    // A writer's next append arrives as its promise settles, after the group's first writer's: the group waits
    // for the end of that turn, so the first does not leave alone with the other seven a round trip behind.
    expect(await transactionsOf('group-rounds')).toBe(5);
  });

  it('Given a group in which one append is at a stale version and one repeats a stored id elsewhere, When written, Then only those two are refused', async () => {
    const streams = streamsOf('group-refusals', 6);
    await store.append(streams[2]!, [noted('first')], { expectedVersion: 'no_stream' });
    const stored = noted('stored');
    await store.append('group-refusals-elsewhere', [stored], { expectedVersion: 'no_stream' });

    const outcomes = await Promise.allSettled(
      streams.map((stream, index) =>
        index === 4
          ? store.append(stream, [stored], { expectedVersion: 'no_stream' })
          : store.append(stream, [noted(stream)], { expectedVersion: 'no_stream' }),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    const stale = (outcomes[2] as PromiseRejectedResult).reason as StreamVersionConflict;
    expect(stale).toBeInstanceOf(StreamVersionConflict);
    expect(stale.actual).toBe(1);
    expect((outcomes[4] as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateEvent);
    expect((await store.readStream(streams[2]!)).map((event) => event.data)).toEqual([{ note: 'first' }]);
    expect(await store.readStream(streams[4]!)).toEqual([]);
  });

  it('Given a group in which one append repeats an event its stream already holds, When written, Then it answers the stored result and the others are appended after it', async () => {
    const streams = streamsOf('group-repeat', 4);
    const stored = noted('stored');
    const first = await store.append(streams[1]!, [stored], { expectedVersion: 'no_stream' });

    const results = await Promise.all(
      streams.map((stream, index) =>
        index === 1
          ? store.append(stream, [stored], { expectedVersion: 'no_stream' })
          : store.append(stream, [noted(stream)], { expectedVersion: 'no_stream' }),
      ),
    );

    expect(results[1]).toEqual(first);
    expect(await store.readStream(streams[1]!)).toHaveLength(1);
    for (const index of [0, 2, 3]) {
      const [event] = await store.readStream(streams[index]!);
      expect(results[index]!.logPosition.globalPosition).toBe(event!.globalPosition);
      expect(results[index]!.logPosition.globalPosition).toBeGreaterThan(first.logPosition.globalPosition);
    }
  });

  it('Given one new event id in two appends of a group, to two streams, When written, Then it is stored once and the other append is refused', async () => {
    const twin = noted('twin');
    const streams = streamsOf('group-twin', 4);

    const outcomes = await Promise.allSettled(
      streams.map((stream, index) =>
        store.append(stream, [index === 1 || index === 2 ? twin : noted(stream)], {
          expectedVersion: 'no_stream',
        }),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({
      name: 'DuplicateEvent',
      eventId: twin.id,
    });
    expect((await store.readStream(streams[1]!)).map((event) => event.id)).toEqual([twin.id]);
    expect(await store.readStream(streams[2]!)).toEqual([]);
  });

  it('Given streams of several events written by groups, When their hash chains are walked, Then every link holds and times rise along each stream', async () => {
    const writers = streamsOf('group-chain', 6);

    await appendInRounds(writers, 4);

    for (const stream of writers) {
      expect(await verifyHashChains(database.db, { streamId: stream })).toEqual({
        ok: true,
        streams: 1,
        events: 4,
      });
      const times = (await store.readStream(stream)).map((event) => event.recordedAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
    }
    expect(await transactionsOf('group-chain')).toBe(4);
  });

  it('Given a group in which one event the server cannot store (a NUL in its text), When written, Then that one fails and the others are appended', async () => {
    const streams = streamsOf('group-fault', 5);

    const outcomes = await Promise.allSettled(
      streams.map((stream, index) =>
        store.append(stream, [noted(index === 3 ? 'bad\u0000text' : stream)], {
          expectedVersion: 'no_stream',
        }),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    for (const [index, stream] of streams.entries()) {
      expect(await store.readStream(stream)).toHaveLength(index === 3 ? 0 : 1);
    }
  });

  it("Given appends to one stream at 'any' version sent at once, When written, Then each follows the one before in the order they were sent", async () => {
    const events = Array.from({ length: 6 }, (_, index) => noted(`step ${index}`));

    const results = await Promise.all(
      events.map((event) => store.append('group-one-stream', [event], { expectedVersion: 'any' })),
    );

    expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 2, 3, 4, 5, 6]);
    expect((await store.readStream('group-one-stream')).map((event) => event.id)).toEqual(
      events.map((event) => event.id),
    );
  });

  it('Given appends to one stream at the same expected version sent at once, When written, Then the first is appended and the others conflict', async () => {
    await store.append('group-hot', [noted('first')], { expectedVersion: 'no_stream' });
    const events = Array.from({ length: 5 }, (_, index) => noted(`racer ${index}`));

    const outcomes = await Promise.allSettled(
      events.map((event) => store.append('group-hot', [event], { expectedVersion: 1 })),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'rejected',
      'rejected',
    ]);
    for (const outcome of outcomes.slice(1)) {
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ actual: 2 });
    }
    expect((await store.readStream('group-hot')).map((event) => event.id).slice(1)).toEqual([events[0]!.id]);
  });

  it('Given an id that is not a uuid among appends sent at once, When written, Then only its append is refused', async () => {
    const streams = streamsOf('group-bad-id', 3);

    const outcomes = await Promise.allSettled(
      streams.map((stream, index) =>
        store.append(stream, [index === 1 ? { ...noted(stream), id: 'not-a-uuid' } : noted(stream)], {
          expectedVersion: 'no_stream',
        }),
      ),
    );

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(TypeError);
  });
});

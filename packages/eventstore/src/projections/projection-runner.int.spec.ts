import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { EventStore } from '../event-store.js';
import type { NewEvent } from '../events.js';
import { LogFollower } from '../log-follower.js';
import type { LogPosition } from '../log-position.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import type { Projection } from './projection.js';
import { ProjectionRunner, type ProjectionRunnerOptions } from './projection-runner.js';
import { createPool, type AnyDatabase } from '../database.js';

let database: TestDatabase<unknown>;
let store: EventStore;
let follower: LogFollower;
const runners: ProjectionRunner[] = [];

beforeAll(async () => {
  database = await createTestDatabase('projection_runner', { maxConnections: 30 });
  store = new EventStore(database.db);
  follower = await LogFollower.start(database.url);
});

afterEach(async () => {
  await Promise.all(runners.splice(0).map((runner) => runner.stop()));
});

afterAll(async () => {
  await follower.stop();
  await database.drop();
});

function moved(amount: number): NewEvent {
  return { id: randomUUID(), type: 'AmountMoved', data: { amount } };
}

function noted(): NewEvent {
  return { id: randomUUID(), type: 'NoteAdded', data: { note: 'not for this projection' } };
}

/** Appends `count` handled events (with unhandled ones between) over a few streams; returns the last position. */
async function appendEvents(prefix: string, count: number): Promise<LogPosition> {
  let last: LogPosition | undefined;
  for (let index = 0; index < count; index += 1) {
    const events = index % 4 === 0 ? [moved(index + 1), noted()] : [moved(index + 1)];
    const result = await store.append(`${prefix}-${index % 5}`, events, { expectedVersion: 'any' });
    last = result.logPosition;
  }
  return last!;
}

/** A projection writing one row per handled event; the primary key makes a second application fail. */
function rowsProjection(name: string, table: string, options: { failAtAmount?: number } = {}): Projection {
  return {
    name,
    eventTypes: ['AmountMoved'],
    tables: [table],
    async createTables(db: AnyDatabase) {
      await db.schema
        .createTable(table)
        .addColumn('event_id', 'uuid', (column) => column.primaryKey())
        .addColumn('stream_id', 'text', (column) => column.notNull())
        .addColumn('stream_position', 'integer', (column) => column.notNull())
        .addColumn('amount', 'integer', (column) => column.notNull())
        .execute();
    },
    async apply(trx, events) {
      for (const event of events) {
        const { amount } = event.data as { amount: number };
        if (amount === options.failAtAmount) throw new Error(`cannot apply amount ${amount}`);
        await trx
          .insertInto(table)
          .values({
            event_id: event.id,
            stream_id: event.streamId,
            stream_position: event.streamPosition,
            amount,
          })
          .execute();
      }
    },
  };
}

async function rows(table: string): Promise<unknown[]> {
  const { rows: found } = await sql`select * from ${sql.table(table)} order by event_id`.execute(database.db);
  return found;
}

/** Every projection here reads the whole log, including the events of earlier tests. */
async function handledCount(): Promise<number> {
  const { rows: found } = await sql<{ n: number }>`
    select count(*)::integer as n from events where type = 'AmountMoved'
  `.execute(database.db);
  return found[0]?.n ?? 0;
}

async function startRunner(projections: Projection[], options: ProjectionRunnerOptions = {}) {
  const runner = new ProjectionRunner(database.db, projections, {
    follower,
    batchSize: 25,
    standbyRetryMs: 50,
    retryMs: 50,
    ...options,
  });
  runners.push(runner);
  await runner.start();
  return runner;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

describe('ProjectionRunner', () => {
  it('applies handled events once each and keeps its checkpoint with the rows', async () => {
    const last = await appendEvents('basic', 60);
    const runner = await startRunner([rowsProjection('basic', 'basic_rows')]);

    expect(await runner.waitForPosition(last)).toBe(true);

    const applied = await rows('basic_rows');
    expect(applied.length).toBe(await handledCount());
    await until(() => runner.status()[0]?.position?.globalPosition === last.globalPosition);
    expect(runner.status()).toEqual([{ name: 'basic', active: true, position: last, lastError: null }]);
  });

  it('after a projection throws halfway through a batch and restarts, ends with the rows of a clean run', async () => {
    const last = await appendEvents('failing', 80);
    const errors: unknown[] = [];
    const failing = await startRunner([rowsProjection('flaky', 'flaky_rows', { failAtAmount: 37 })], {
      onError: (error) => errors.push(error),
    });
    await until(() => errors.length >= 2);
    await failing.stop();
    const partial = await rows('flaky_rows');

    const restarted = await startRunner([rowsProjection('flaky', 'flaky_rows')]);
    const clean = await startRunner([rowsProjection('clean', 'clean_rows')]);
    expect(await restarted.waitForPosition(last)).toBe(true);
    expect(await clean.waitForPosition(last)).toBe(true);

    // The failed batch left nothing behind: only whole batches before event 37 were kept.
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.every((row) => (row as { amount: number }).amount < 37)).toBe(true);
    expect(failing.status()[0]?.lastError).toBe('cannot apply amount 37');
    expect(await rows('flaky_rows')).toEqual(await rows('clean_rows'));
  });

  it('lets only one of two runners started together apply a projection, and the standby take over', async () => {
    await appendEvents('pair', 40);
    const errors: unknown[] = [];
    const options = { onError: (error: unknown) => errors.push(error) };
    const [first, second] = await Promise.all([
      startRunner([rowsProjection('pair', 'pair_rows')], options),
      startRunner([rowsProjection('pair', 'pair_rows')], options),
    ]);
    const isActive = (runner: ProjectionRunner) => runner.status()[0]?.active === true;

    expect([first, second].filter(isActive)).toHaveLength(1);
    const [active, standby] = isActive(first!) ? [first!, second!] : [second!, first!];

    const writing = appendEvents('pair', 60);
    await sleep(100);
    await active.stop();
    await until(() => isActive(standby));
    const last = await writing;
    expect(await standby.waitForPosition(last)).toBe(true);

    expect((await rows('pair_rows')).length).toBe(await handledCount());
    expect(errors).toEqual([]);
  });

  it("has a standby take over when the active runner's connection dies", async () => {
    await appendEvents('crash', 20);
    const first = await startRunner([rowsProjection('crash', 'crash_rows')]);
    const second = await startRunner([rowsProjection('crash', 'crash_rows')]);
    expect(first.status()[0]?.active).toBe(true);
    expect(second.status()[0]?.active).toBe(false);

    const { rows: terminated } = await sql<{ terminated: boolean }>`
      select pg_terminate_backend(pid) as terminated from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2
        and objid = (hashtext('crash')::bigint & 4294967295)
        and database = (select oid from pg_database where datname = current_database())
    `.execute(database.db);
    expect(terminated).toEqual([{ terminated: true }]);
    await until(() => second.status()[0]?.active === true);
    const last = await appendEvents('crash', 20);

    expect(await second.waitForPosition(last)).toBe(true);
    expect((await rows('crash_rows')).length).toBe(await handledCount());
  });

  it('reads the log once for all its projections woken together, and moves the idle ones in one statement', async () => {
    const statements: string[] = [];
    const logged = new Kysely<unknown>({
      dialect: new PostgresDialect({ pool: createPool(database.url, { maxConnections: 10 }) }),
      log: (event) => {
        if (event.level === 'query') statements.push(event.query.sql);
      },
    });
    try {
      const notes: string[] = [];
      const notesProjection: Projection = {
        ...rowsProjection('notes', 'notes_rows'),
        eventTypes: ['NoteAdded'],
        async apply(_trx, events) {
          notes.push(...events.map((event) => event.type));
        },
      };
      const idle = (name: string): Projection => ({
        ...rowsProjection(name, `${name}_rows`),
        eventTypes: ['NeverAppended'],
      });
      const projections = [
        rowsProjection('shared_a', 'shared_a_rows'),
        rowsProjection('shared_b', 'shared_b_rows'),
        notesProjection,
        idle('idle_a'),
        idle('idle_b'),
      ];
      // Reads start at the follower's wake-ups, and at a poll every second: on a server shared with other work the
      // log's window may hold an append back until older transactions end, and only a poll reads it then.
      const warm = await appendEvents('warm', 1);
      const runner = new ProjectionRunner(logged, projections, {
        follower,
        batchSize: 1_000,
        pollMs: 1_000,
      });
      runners.push(runner);
      await runner.start();
      expect(await runner.waitForPosition(warm, 20_000)).toBe(true);
      await sleep(100);

      statements.length = 0;
      notes.length = 0;
      const { logPosition } = await store.append('shared-1', [moved(1), noted()], { expectedVersion: 'any' });
      expect(await runner.waitForPosition(logPosition)).toBe(true);
      await sleep(100);

      // Each projection reading for itself made five reads, and five single checkpoint moves.
      const reads = statements.filter((text) => text.includes('from events'));
      const batchedMoves = statements.filter((text) => text.includes('unnest($1::text[]'));
      const singleMoves = statements.filter((text) => text.startsWith('update projection_checkpoints set'));
      expect(reads.length).toBeLessThan(projections.length);
      expect(batchedMoves.length).toBeGreaterThanOrEqual(1);
      expect(singleMoves).toHaveLength(3);
      expect(notes).toEqual(['NoteAdded']);
      expect(await rows('shared_a_rows')).toEqual(await rows('shared_b_rows'));
      expect((await rows('shared_a_rows')).length).toBe(await handledCount());
      expect(runner.status().map((status) => status.position)).toEqual(projections.map(() => logPosition));
    } finally {
      await Promise.all(runners.splice(0).map((runner) => runner.stop()));
      await logged.destroy();
    }
  });

  it('gathers the appends of its minimum page interval into one page, and reads a lone append after a quiet spell at once', async () => {
    const batches: number[] = [];
    const counting: Projection = {
      ...rowsProjection('gathering', 'gathering_rows'),
      async apply(_trx, events) {
        batches.push(events.length);
      },
    };
    const runner = await startRunner([counting], { batchSize: 1_000, pollMs: 100, minPageIntervalMs: 3_000 });
    expect(await runner.waitForPosition(await appendEvents('gathering-warm', 1), 20_000)).toBe(true);

    batches.length = 0;
    // Read (with events) just before: these wait for the rest of the interval and come as one page.
    let last: LogPosition | undefined;
    for (let index = 0; index < 10; index += 1) {
      last = (await store.append('gathering', [moved(index + 1)], { expectedVersion: 'any' })).logPosition;
    }
    expect(await runner.waitForPosition(last!, 20_000)).toBe(true);
    expect(batches).toEqual([10]);

    // The interval's end, then a read that finds nothing: the runner is following a quiet log.
    await sleep(3_500);
    const appendedAt = Date.now();
    const { logPosition } = await store.append('gathering', [moved(11)], { expectedVersion: 'any' });
    expect(await runner.waitForPosition(logPosition, 20_000)).toBe(true);
    expect(Date.now() - appendedAt).toBeLessThan(1_000);
    expect(batches).toEqual([10, 1]);
  }, 60_000);

  it('refuses two projections with the same name', () => {
    expect(
      () => new ProjectionRunner(database.db, [rowsProjection('twice', 'a'), rowsProjection('twice', 'b')]),
    ).toThrow(/unique/);
  });
});

import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { ANNOUNCE_INTERVAL_MS, EventStore, EVENTS_CHANNEL, positionOf, readLogPages } from './event-store.js';
import type { RecordedEvent } from './events.js';
import { LogFollower, subscribe } from './log-follower.js';
import { comparePositions, LOG_START, type LogPosition } from './log-position.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

const WRITERS = 16;
const EVENTS_PER_WRITER = 500;

let database: TestDatabase<unknown>;
let store: EventStore;
let follower: LogFollower;

beforeAll(async () => {
  database = await createTestDatabase('log_reading', { maxConnections: WRITERS + 4 });
  store = new EventStore(database.db);
  follower = await LogFollower.start(database.url);
});

afterAll(async () => {
  await follower.stop();
  await database.drop();
});

/** The position of the last event once every committed one is readable: any transaction open on the server holds readers back. */
async function visibleHead(): Promise<LogPosition> {
  const { rows } = await sql<{ stored: number }>`select count(*)::integer as stored from events`.execute(
    database.db,
  );
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const visible = await store.readAll({ after: LOG_START, limit: 1_000_000 });
    if (visible.length === rows[0]?.stored) return visible.length ? positionOf(visible.at(-1)!) : LOG_START;
    await sleep(25);
  }
  throw new Error('committed events stayed invisible');
}

function event(writer: number, sequence: number) {
  return { id: randomUUID(), type: sequence % 3 === 0 ? 'Tick' : 'Tock', data: { writer, sequence } };
}

describe('reading the global log', () => {
  it('sees every event exactly once, per stream in order, while writers commit out of order', async () => {
    const seen: RecordedEvent[] = [];
    let positionsOutOfOrder = 0;
    const subscription = subscribe(store, {
      follower,
      batchSize: 500,
      async handle(events) {
        for (const recorded of events) {
          const previous = seen.at(-1);
          if (previous && recorded.globalPosition < previous.globalPosition) positionsOutOfOrder += 1;
          seen.push(recorded);
        }
      },
    });

    // Each writer appends 1-3 events per transaction and pauses before committing, so transactions that
    // took lower global positions often commit after ones with higher positions.
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      let version = 0;
      while (version < EVENTS_PER_WRITER) {
        const size = Math.min(1 + Math.floor(Math.random() * 3), EVENTS_PER_WRITER - version);
        const batch = Array.from({ length: size }, (_, index) => event(writer, version + index + 1));
        version = await store.transaction(async (trx) => {
          const result = await store.appendInTransaction(trx, `writer-${writer}`, batch, {
            expectedVersion: version,
          });
          await sleep(Math.random() * 4);
          return result.nextExpectedVersion;
        });
      }
    });
    await Promise.all(writers);
    const total = WRITERS * EVENTS_PER_WRITER;
    const deadline = Date.now() + 10_000;
    while (seen.length < total && Date.now() < deadline) await sleep(20);
    await sleep(200);
    await subscription.stop();

    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((recorded) => recorded.id)).size).toBe(total);
    for (let writer = 0; writer < WRITERS; writer += 1) {
      const positions = seen
        .filter((recorded) => recorded.streamId === `writer-${writer}`)
        .map((e) => e.streamPosition);
      expect(positions).toEqual(Array.from({ length: EVENTS_PER_WRITER }, (_, index) => index + 1));
    }
    for (let index = 1; index < seen.length; index += 1) {
      expect(comparePositions(seen[index - 1]!, seen[index]!)).toBeLessThan(0);
    }
    // The run did exercise the case a plain "global position > last seen" cursor gets wrong.
    expect(positionsOutOfOrder).toBeGreaterThan(0);
  }, 60_000);

  it('filters by type, and a follower page still moves past the other types', async () => {
    const after = await visibleHead();
    await store.append('filtered', [event(0, 1), event(0, 2), event(0, 3)], { expectedVersion: 0 });
    await visibleHead();

    const ticks = await store.readAll({ after, limit: 10, types: ['Tick'] });
    const page = await store.readLog({ after, limit: 10, types: ['Tick'] });

    expect(ticks.map((recorded) => recorded.data)).toEqual([{ writer: 0, sequence: 3 }]);
    expect(page.events.map((recorded) => recorded.id)).toEqual(ticks.map((recorded) => recorded.id));
    expect(page.scanned).toBe(3);
    const stored = await store.readStream('filtered');
    expect(page.position).toEqual({
      transactionId: stored[2]!.transactionId,
      globalPosition: stored[2]!.globalPosition,
    });
  });

  it('reads the log page by page, the same entries as one read, whether or not the last page is full', async () => {
    const after = await visibleHead();
    await store.append(
      'paged',
      [1, 2, 3, 4, 5, 6].map((sequence) => event(3, sequence)),
      {
        expectedVersion: 0,
      },
    );
    await visibleHead();
    const whole = await store.readAll({ after, limit: 100 });

    const pagesOf = async (limit: number, types?: string[]) => {
      const pages: string[][] = [];
      for await (const page of store.readAllPages({ after, limit, types })) {
        pages.push(page.map((recorded) => recorded.id));
      }
      return pages;
    };

    expect(whole).toHaveLength(6);
    const ids = whole.map((recorded) => recorded.id);
    expect(await pagesOf(4)).toEqual([ids.slice(0, 4), ids.slice(4)]);
    expect(await pagesOf(3)).toEqual([ids.slice(0, 3), ids.slice(3)]);
    const tocks = whole.filter((recorded) => recorded.type === 'Tock').map((recorded) => recorded.id);
    expect(await pagesOf(2, ['Tock'])).toEqual([tocks.slice(0, 2), tocks.slice(2)]);

    // Follower windows: each scans `limit` entries, keeps the wanted ones, and moves past the rest.
    const windowsOf = async (limit: number) => {
      const windows: { ids: string[]; scanned: number; position: LogPosition }[] = [];
      for await (const page of readLogPages(database.db, { after, limit, types: ['Tock'] })) {
        windows.push({ ids: page.events.map((recorded) => recorded.id), ...page });
      }
      return windows;
    };
    const end = positionOf(whole.at(-1)!);
    const byFours = await windowsOf(4);
    expect(byFours.map((window) => window.scanned)).toEqual([4, 2]);
    expect(byFours.flatMap((window) => window.ids)).toEqual(tocks);
    expect(byFours.map((window) => window.position)).toEqual([positionOf(whole[3]!), end]);
    const byThrees = await windowsOf(3);
    expect(byThrees.map((window) => window.scanned)).toEqual([3, 3, 0]);
    expect(byThrees.flatMap((window) => window.ids)).toEqual(tocks);
    expect(byThrees.at(-1)!.position).toEqual(end);
  });

  it('holds back events of a transaction that is still open, and everything committed after it', async () => {
    const after = await visibleHead();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let appended!: () => void;
    const openAppended = new Promise<void>((resolve) => (appended = resolve));
    const open = store.transaction(async (trx) => {
      await store.appendInTransaction(trx, 'slow', [event(1, 1)], { expectedVersion: 0 });
      appended();
      await released;
    });
    await openAppended;
    await store.append('fast', [event(2, 1)], { expectedVersion: 0 });

    const whileOpen = await store.readAll({ after, limit: 100 });
    release();
    await open;
    // Any other open transaction on the server holds readers back as well, so give it a moment.
    let afterCommit = await store.readAll({ after, limit: 100 });
    for (let attempt = 0; afterCommit.length < 2 && attempt < 100; attempt += 1) {
      await sleep(50);
      afterCommit = await store.readAll({ after, limit: 100 });
    }

    expect(whileOpen).toEqual([]);
    expect(afterCommit.map((recorded) => recorded.streamId)).toEqual(['slow', 'fast']);
  });

  it('wakes a waiting follower when events are appended', async () => {
    await sleep(follower.pollMs * 2);
    const seen = follower.changes;
    const started = Date.now();
    const woken = follower.waitForChange(seen, 5_000);

    await store.append('wake-up', [event(3, 1)], { expectedVersion: 0 });
    await woken;

    expect(follower.changes).toBeGreaterThan(seen);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('wakes followers at most once per interval under a burst of appends, and once after the last of them', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const notified: { at: number; answers: string }[] = [];
    listener.on('notification', ({ payload }) => notified.push({ at: Date.now(), answers: payload ?? '' }));
    await listener.query(`listen ${EVENTS_CHANNEL}`);
    try {
      const announcing = new EventStore(database.db);
      const appends = 150;
      const started = Date.now();
      await Promise.all(
        Array.from({ length: appends }, (_, n) =>
          announcing.append(`announced-${n}`, [event(5, n)], { expectedVersion: 0 }),
        ),
      );
      // Each wake-up names how many appends had asked for one when it left: one must answer them all.
      const deadline = Date.now() + 2_000;
      let last: { at: number } | undefined;
      while (!(last = notified.find(({ answers }) => answers === String(appends)))) {
        if (Date.now() > deadline) throw new Error(`no wake-up answered all ${appends} appends`);
        await sleep(10);
      }

      expect(notified.length).toBeLessThan(appends);
      expect(notified.length).toBeLessThanOrEqual(Math.ceil((last.at - started) / ANNOUNCE_INTERVAL_MS) + 2);
    } finally {
      await listener.end();
    }
  });

  it('listens again after its connection is lost', async () => {
    const resilient = await LogFollower.start(database.url, { pollMs: 5_000, reconnectMs: 50 });
    try {
      const beforeLoss = resilient.changes;
      const { rows: terminated } = await sql<{ terminated: boolean }>`
        select pg_terminate_backend(pid) as terminated from pg_stat_activity
        where datname = current_database() and query = ${`listen ${EVENTS_CHANNEL}`} and pid <> pg_backend_pid()
      `.execute(database.db);
      expect(terminated.length).toBeGreaterThanOrEqual(2);
      // Listening again ends with a wake-up (for events appended meanwhile): once it came, the new connection
      // listens. A fixed pause could end before a busy server had let it connect, and the append below would
      // then wake it only through that wake-up or the 5 s poll.
      const deadline = Date.now() + 10_000;
      while (resilient.changes === beforeLoss) {
        if (Date.now() > deadline) throw new Error('the follower did not listen again within 10 s');
        await sleep(20);
      }

      const seen = resilient.changes;
      const started = Date.now();
      const woken = resilient.waitForChange(seen);
      await store.append('after-reconnect', [event(4, 1)], { expectedVersion: 0 });
      await woken;

      expect(Date.now() - started).toBeLessThan(1_000);
    } finally {
      await resilient.stop();
    }
  });

  it('only polls once stopped, so a reader left running does not spin', async () => {
    const stopped = await LogFollower.start(database.url, { pollMs: 100 });
    await stopped.stop();

    const started = Date.now();
    await stopped.waitForChange(stopped.changes);

    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
  });
});

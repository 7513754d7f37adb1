import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import pg from 'pg';
import { EventStore } from './event-store.js';
import { waitForEventsRecordedBefore } from './recorded-before.js';
import { createTestDatabase, type TestDatabase } from './testing/test-database.js';

let database: TestDatabase<unknown>;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('recorded_before', { maxConnections: 4 });
  store = new EventStore(database.db);
});

afterAll(async () => {
  await database.drop();
});

it('Given a transaction that appended before a moment and has not committed, When waited for, Then false until it commits, and its event is readable once true', async () => {
  const streamId = `account-${randomUUID()}`;
  let commit!: () => void;
  const committing = new Promise<void>((resolve) => (commit = resolve));
  let appended!: () => void;
  const appendedYet = new Promise<void>((resolve) => (appended = resolve));
  const writing = database.db.transaction().execute(async (trx) => {
    await store.appendInTransaction(trx, streamId, [{ id: randomUUID(), type: 'Noted', data: {} }], {
      expectedVersion: 'no_stream',
    });
    appended();
    await committing;
  });
  await appendedYet;
  const { rows } = await sql<{ now: Date }>`select now() + interval '1 millisecond' as now`.execute(
    database.db,
  );
  const moment = rows[0]!.now;

  const whileOpen = await waitForEventsRecordedBefore(database.db, moment, { timeoutMs: 200, pollMs: 20 });
  const settling = waitForEventsRecordedBefore(database.db, moment, { timeoutMs: 5_000, pollMs: 20 });
  commit();
  await writing;

  expect(whileOpen).toBe(false);
  expect(await settling).toBe(true);
  expect(await store.readStream(streamId)).toHaveLength(1);
  expect(await waitForEventsRecordedBefore(database.db, new Date(0), { timeoutMs: 0 })).toBe(true);
});

it("Given a session of another application (a backup's, a console's) with a transaction open since before the moment, When waited for, Then it does not hold the wait", async () => {
  const outside = new pg.Client({ connectionString: database.url, application_name: 'psql' });
  await outside.connect();
  try {
    await outside.query('begin');
    await outside.query('select 1');
    const { rows } = await sql<{ now: Date }>`select now() + interval '1 millisecond' as now`.execute(
      database.db,
    );

    expect(await waitForEventsRecordedBefore(database.db, rows[0]!.now, { timeoutMs: 200, pollMs: 20 })).toBe(
      true,
    );
  } finally {
    await outside.query('rollback');
    await outside.end();
  }
});

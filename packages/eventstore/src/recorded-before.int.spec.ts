import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { sql } from 'kysely';
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

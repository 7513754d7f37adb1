import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { EventStore } from '../event-store.js';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { verifyHistory } from './verify-history.js';

const CLI = new URL('../../dist/cli/verify-history.js', import.meta.url).pathname;

let database: TestDatabase<unknown>;
let store: EventStore;

beforeAll(async () => {
  database = await createTestDatabase('verify_history');
  store = new EventStore(database.db);
});

afterAll(async () => {
  await database.drop();
});

async function append(streamId: string, count: number): Promise<void> {
  const events = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    type: 'AmountMoved',
    data: { amount: String((index + 1) * 100) },
    metadata: { actorId: 'admin-1', actorRole: 'admin' as const },
  }));
  await store.append(streamId, events, { expectedVersion: 'no_stream' });
}

async function storedHash(streamId: string, position: number): Promise<string> {
  const { rows } = await sql<{ hash: string }>`
    select encode(hash, 'hex') as hash from events where stream_id = ${streamId} and stream_position = ${position}
  `.execute(database.db);
  return rows[0]!.hash;
}

/** Edits an event the way a superuser could: with the append-only trigger switched off for the moment. */
async function tamper(streamId: string, position: number): Promise<void> {
  await sql`alter table events disable trigger events_append_only`.execute(database.db);
  try {
    await sql`
      update events set data = '{"amount":"999999"}' where stream_id = ${streamId} and stream_position = ${position}
    `.execute(database.db);
  } finally {
    await sql`alter table events enable trigger events_append_only`.execute(database.db);
  }
}

function runCli(): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'node',
      [CLI],
      { env: { ...process.env, DATABASE_URL: database.url } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

describe('verifyHistory', () => {
  it('reports an empty store as whole', async () => {
    expect(await verifyHistory(database.db)).toEqual({
      ok: true,
      streams: 0,
      events: 0,
      headHash: null,
      brokenAt: null,
    });
  });

  it("counts untouched streams and gives one stream's head as the hash of its newest event", async () => {
    await append('account-b', 2);
    await append('account-a', 3);

    expect(await verifyHistory(database.db, { streamId: 'account-a' })).toEqual({
      ok: true,
      streams: 1,
      events: 3,
      headHash: await storedHash('account-a', 3),
      brokenAt: null,
    });
    const heads = `account-a:3:${await storedHash('account-a', 3)}\naccount-b:2:${await storedHash('account-b', 2)}`;
    expect(await verifyHistory(database.db)).toEqual({
      ok: true,
      streams: 2,
      events: 5,
      headHash: createHash('sha256').update(heads).digest('hex'),
      brokenAt: null,
    });
  });

  it('the command prints OK with the counts and exits 0', async () => {
    expect(existsSync(CLI)).toBe(true);
    const { code, stdout } = await runCli();

    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^OK ls_test_verify_history_\w+: 5 event\(s\) in 2 stream\(s\), head [0-9a-f]{64}\n$/,
    );
  });

  it('names the stream and position of an event changed by hand; the command exits 1 naming it', async () => {
    await tamper('account-b', 1);

    const result = await verifyHistory(database.db);
    expect(result).toMatchObject({
      ok: false,
      streams: 2,
      events: 5,
      brokenAt: { streamId: 'account-b', position: 1, reason: expect.stringContaining('hash') },
    });
    expect(await verifyHistory(database.db, { streamId: 'account-a' })).toMatchObject({
      ok: true,
      brokenAt: null,
    });

    const { code, stderr } = await runCli();
    expect(code).toBe(1);
    expect(stderr).toContain('stream account-b, position 1');
  });
});

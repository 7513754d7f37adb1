import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createDatabase,
  createTestDatabase,
  EventStore,
  testRedisPrefix,
  type TestDatabase,
} from '@ledgerstone/eventstore';
import { startHealthServer } from '@ledgerstone/process-kit';
import {
  freePort,
  httpJson,
  ISO_TIME,
  logCapture,
  serviceProcesses,
  waitFor,
} from '@ledgerstone/process-kit/testing';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { projections } from '../projections/index.js';
import { NOTIFIER_NAME } from '../notifier/notifier.js';
import { startProjector, type RunningProjector } from '../projector.js';
import { EventLog, memberEvents } from '@ledgerstone/read-models/testing';
import { projectorReadiness } from './projector-health.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// The built service (`npx tsc -b` first), run as a process of its own.
const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const ALL = [...projections.map((projection) => projection.name), NOTIFIER_NAME];

let database: TestDatabase<unknown>;
const prefix = testRedisPrefix('projector_health');
const running: RunningProjector[] = [];

beforeAll(async () => {
  database = await createTestDatabase('projector_health');
});

afterAll(async () => {
  for (const projector of running) await projector.stop();
  await database?.drop();
});

async function startInProcess(databaseUrl = database.url) {
  const config = loadConfig({
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    PROJECTOR_HEALTH_PORT: String(await freePort()),
  });
  const capture = logCapture();
  const projector = await startProjector(config, createLogger('info', capture.stream));
  running.push(projector);
  return { projector, lines: capture.lines, url: `http://127.0.0.1:${projector.healthPort}` };
}

async function get(url: string): Promise<{ status: number; body: Record<string, unknown>; cache: unknown }> {
  const { status, body, headers } = await httpJson(url);
  return { status, body, cache: headers['cache-control'] };
}

describe('projector health endpoints', () => {
  it('answers live, and ready with PostgreSQL up and every projection active at its checkpoint', async () => {
    const { url, lines } = await startInProcess();

    const live = await get(`${url}/health/live`);
    const ready = await get(`${url}/health/ready`);

    expect(live).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({
      status: 'ok',
      checks: { postgres: { status: 'up', latencyMs: expect.any(Number) }, runner: { status: 'up' } },
      projections: ALL.map((name) => ({
        name,
        state: 'active',
        checkpoint: { transactionId: expect.stringMatching(/^\d+$/), globalPosition: '0' },
        lastError: null,
      })),
    });
    expect(lines.find((line) => line.msg?.startsWith('following the event log'))).toMatchObject({
      service: 'projector',
      level: 'info',
      time: expect.stringMatching(ISO_TIME),
      projections: ALL.map((name) => ({ name, state: 'active' })),
    });
  });

  it('reports the projections another projector holds as standby, with their stored checkpoints', async () => {
    await startInProcess();
    const { url } = await startInProcess();

    const ready = await get(`${url}/health/ready`);

    expect(ready.status).toBe(200);
    expect(ready.body.projections).toEqual(
      ALL.map((name) => ({
        name,
        state: 'standby',
        checkpoint: { transactionId: expect.stringMatching(/^\d+$/), globalPosition: '0' },
        lastError: null,
      })),
    );
  });

  it('logs a failing projection with its name, checkpoint, the positions of the batch and its event ids', async () => {
    const own = await createTestDatabase('projector_failure');
    try {
      const { projector, lines } = await startInProcess(own.url);
      const broken = memberEvents(new EventLog()).depositRequested(randomUUID(), 'not an amount');

      const appended = await new EventStore(own.db).append(
        broken.streamId,
        [{ id: broken.id, type: broken.type, data: broken.data, metadata: { requestId: randomUUID() } }],
        { expectedVersion: 'no_stream' },
      );
      const failure = await waitFor('the failure of the deposits projection', () =>
        lines.find((line) => line.level === 'error' && line.projection === 'deposits'),
      );
      await projector.stop();

      const at = {
        transactionId: String(appended.logPosition.transactionId),
        globalPosition: String(appended.logPosition.globalPosition),
      };
      expect(failure).toEqual({
        service: 'projector',
        pid: process.pid,
        hostname: expect.any(String),
        level: 'error',
        time: expect.stringMatching(ISO_TIME),
        msg: 'projection deposits failed, retrying',
        projection: 'deposits',
        checkpoint: { transactionId: '0', globalPosition: '0' },
        batch: { events: 1, from: at, to: at, firstEventId: broken.id, lastEventId: broken.id },
        err: expect.objectContaining({ type: expect.any(String), message: expect.any(String) }),
      });
    } finally {
      await own.drop();
    }
  });

  it('answers ready with 503 naming PostgreSQL when the database does not answer', async () => {
    const closed = `postgres://postgres@127.0.0.1:${await freePort()}/ls_test_nowhere`;
    const db = createDatabase(closed, { maxConnections: 1 });
    const health = await startHealthServer(0, projectorReadiness({ db, projections: () => null }));
    try {
      const url = `http://127.0.0.1:${health.port}`;

      const live = await get(`${url}/health/live`);
      const ready = await get(`${url}/health/ready`);

      expect(live.status).toBe(200);
      expect(ready).toEqual({
        status: 503,
        cache: 'no-store',
        body: {
          status: 'degraded',
          checks: {
            postgres: { status: 'down', error: expect.stringContaining('ECONNREFUSED') },
            runner: { status: 'down', error: 'the projection runner is not running' },
          },
          projections: [],
        },
      });
    } finally {
      await health.close();
      await db.destroy();
    }
  });

  it('answers 404 for other paths and 405 for other methods', async () => {
    const { url } = await startInProcess();

    expect((await httpJson(`${url}/health`)).status).toBe(404);
    expect((await httpJson(`${url}/health/ready`, 'POST')).status).toBe(405);
  });
});

describe('the projector process', () => {
  const projectors = serviceProcesses({
    name: 'projector',
    main: MAIN,
    healthPortVariable: 'PROJECTOR_HEALTH_PORT',
  });
  afterAll(() => projectors.stopAll());

  it('logs JSON lines and answers on PROJECTOR_HEALTH_PORT until it stops', async () => {
    const child = await projectors.start({ DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: prefix });
    await child.logged('following the event log');

    const live = await get(`${child.healthUrl}/health/live`);
    const ready = await get(`${child.healthUrl}/health/ready`);
    const code = await child.stop();

    expect(live.status).toBe(200);
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toEqual({
      postgres: expect.objectContaining({ status: 'up' }),
      runner: { status: 'up' },
    });
    expect(code).toBe(0);
    expect(child.lines.map((line) => line.msg)).toEqual([
      expect.stringMatching(/^following the event log with 10 projection\(s\): /),
      'SIGTERM received, stopping',
      'stopped',
    ]);
    for (const line of child.lines) {
      expect(line).toMatchObject({
        service: 'projector',
        level: 'info',
        time: expect.stringMatching(ISO_TIME),
      });
    }
  });

  it('exits 1 with a fatal JSON line naming the error when PostgreSQL does not answer', async () => {
    const child = await projectors.start({
      DATABASE_URL: `postgres://postgres@127.0.0.1:${await freePort()}/ls_test_nowhere`,
      REDIS_URL,
      REDIS_PREFIX: prefix,
    });

    expect(await child.exited).toBe(1);
    expect(child.lines).toEqual([
      expect.objectContaining({
        service: 'projector',
        level: 'fatal',
        time: expect.stringMatching(ISO_TIME),
        msg: expect.stringContaining('ECONNREFUSED'),
        err: expect.objectContaining({ message: expect.stringContaining('ECONNREFUSED') }),
      }),
    ]);
  });
});

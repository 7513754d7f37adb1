import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@ledgerstone/eventstore';
import request from 'supertest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import {
  closedPort,
  startObjectStorage,
  startSilentServer,
  startSmtpServer,
  type RunningService,
} from '../testing/backing-services.js';

const BUCKET = 'ledgerstone-health';

describe('GET /api/health', () => {
  let database: TestDatabase<unknown>;
  let objectStorage: RunningService;
  let smtp: RunningService;
  const apps: NestExpressApplication[] = [];

  /** The real api with every backing service up, except what `env` changes. */
  async function startApi(env: Record<string, string> = {}): Promise<NestExpressApplication> {
    const config = loadConfig({
      DATABASE_URL: database.url,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testRedisPrefix('api_health'),
      S3_ENDPOINT: objectStorage.url,
      S3_BUCKET: BUCKET,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'fatal',
      ...env,
    });
    const app = await createApp(config);
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    [database, objectStorage, smtp] = await Promise.all([
      createTestDatabase('api_health', { migrate: false }),
      startObjectStorage(BUCKET),
      startSmtpServer(),
    ]);
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await Promise.all([database?.drop(), objectStorage?.close(), smtp?.close()]);
  });

  it('answers 200 with every check up and its latency', async () => {
    const app = await startApi();

    const response = await request(app.getHttpServer()).get('/api/health');

    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const up = { status: 'up', latencyMs: expect.any(Number) };
    expect(response.body).toEqual({
      status: 'ok',
      checks: { postgres: up, redis: up, objectStorage: up, smtp: up },
    });
  });

  it('answers 503 naming SMTP when nothing listens at SMTP_URL', async () => {
    const app = await startApi({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });

    const response = await request(app.getHttpServer()).get('/api/health');

    expect(response.status).toBe(503);
    expect(response.body.status).toBe('degraded');
    expect(response.body.checks.smtp).toEqual({
      status: 'down',
      error: expect.stringContaining('ECONNREFUSED'),
    });
    expect(response.body.checks.postgres.status).toBe('up');
    expect(response.body.checks.redis.status).toBe('up');
    expect(response.body.checks.objectStorage.status).toBe('up');
  });

  it('answers 503 naming PostgreSQL and object storage when the database and the bucket are missing', async () => {
    const app = await startApi({
      DATABASE_URL: database.url.replace(/ls_test_[a-z0-9_]+$/, 'ls_test_missing_database'),
      S3_BUCKET: 'ledgerstone-missing',
    });

    const response = await request(app.getHttpServer()).get('/api/health');

    expect(response.status).toBe(503);
    expect(response.body.checks.postgres).toEqual({
      status: 'down',
      error: 'database "ls_test_missing_database" does not exist',
    });
    expect(response.body.checks.objectStorage).toEqual({
      status: 'down',
      error: 'bucket ledgerstone-missing not found',
    });
    expect(response.body.checks.redis.status).toBe('up');
    expect(response.body.checks.smtp.status).toBe('up');
  });

  it('gives up on a check that does not answer after 1.5 s and still answers', async () => {
    const silent = await startSilentServer();
    try {
      const app = await startApi({ SMTP_URL: `smtp://127.0.0.1:${silent.port}` });

      const started = Date.now();
      const response = await request(app.getHttpServer()).get('/api/health');

      expect(response.status).toBe(503);
      expect(response.body.checks.smtp).toEqual({ status: 'down', error: 'no answer within 1500 ms' });
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await silent.close();
    }
  });

  it('keeps the state of each check but not its error text in production', async () => {
    const app = await startApi({
      APP_MODE: 'production',
      COOKIE_SECRET: 'k3N8xQ2vR7mT1wY5bH9cJ4fL6pS0dG2z',
      DATABASE_URL: database.url.replace(/ls_test_[a-z0-9_]+$/, 'ls_test_missing_database'),
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    });

    const response = await request(app.getHttpServer()).get('/api/health');

    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      status: 'degraded',
      checks: {
        postgres: { status: 'down' },
        redis: { status: 'up', latencyMs: expect.any(Number) },
        objectStorage: { status: 'up', latencyMs: expect.any(Number) },
        smtp: { status: 'down' },
      },
    });
    expect(response.text).not.toContain('ls_test_missing_database');
  });

  it('answers liveness with 200 whatever the backing services say', async () => {
    const app = await startApi({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });

    const response = await request(app.getHttpServer()).get('/api/health/live');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@ledgerstone/eventstore';
import request from 'supertest';
import { createApp } from '../app.js';
import { loadConfig } from '../shared/config/config.js';
import {
  closedPort,
  startObjectStorage,
  startSilentServer,
  startSmtpServer,
  type RunningService,
} from '../shared/testing/backing-services.js';

const BUCKET = 'ledgerstone-health';
const METRICS_TOKEN = 'health-test-metrics-token-0123456789abcdef';

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
      METRICS_TOKEN,
      ...env,
    });
    const app = await createApp(config);
    apps.push(app);
    return app;
  }

  /** Asked with the metrics token, which sees each check. */
  function health(app: NestExpressApplication) {
    return request(app.getHttpServer()).get('/api/health').set('Authorization', `Bearer ${METRICS_TOKEN}`);
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

    const response = await health(app);

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

    const response = await health(app);

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

    const response = await health(app);

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
      const response = await health(app);

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
      TWO_FACTOR_KEY: 'p7Vb2Qw9Lr4Tz8Xc1Mn6Hs3Kd5Gf0Ja2',
      ACCOUNT_LINK_KEY: 'w4Ht8Nc2Zq6Ls0Pv3Rb7Ym1Dk5Fj9Gx4',
      DATABASE_URL: database.url.replace(/ls_test_[a-z0-9_]+$/, 'ls_test_missing_database'),
      SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`,
    });

    const response = await health(app);

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

  it('tells anyone else only whether it is ready, with the same status codes', async () => {
    const up = await startApi();
    const down = await startApi({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });

    const ready = await request(up.getHttpServer()).get('/api/health');
    const notReady = await request(down.getHttpServer()).get('/api/health');
    const wrongToken = await request(down.getHttpServer())
      .get('/api/health')
      .set('Authorization', 'Bearer not-the-metrics-token-0123456789abcdef');

    expect([ready.status, ready.body]).toEqual([200, { status: 'ok' }]);
    expect([notReady.status, notReady.body]).toEqual([503, { status: 'degraded' }]);
    expect([wrongToken.status, wrongToken.body]).toEqual([503, { status: 'degraded' }]);
    expect(notReady.headers['cache-control']).toBe('no-store');
  });

  it('answers liveness with 200 whatever the backing services say', async () => {
    const app = await startApi({ SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });

    const response = await request(app.getHttpServer()).get('/api/health/live');

    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });
});

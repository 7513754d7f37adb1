import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { createTestDatabase, testRedisPrefix, type TestDatabase } from '@ledgerstone/eventstore';
import request from 'supertest';
import { createApp } from '../../app.js';
import { loadConfig } from '../config/config.js';
import { closedPort } from '../testing/backing-services.js';

const SESSION_COOKIE_VALUE = 'cookie-value-that-must-not-be-logged';
const BEARER = 'bearer-value-that-must-not-be-logged-0123456789';
const PASSWORD = 'password that must not be logged 1843';

let database: TestDatabase<unknown>;
let app: NestExpressApplication;
const lines: string[] = [];

/** Every log line the apps wrote, parsed; a line that is not JSON fails the test here. */
const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The api at LOG_LEVEL info, its log lines captured in `lines`. */
function startApi(redisUrl: string): Promise<NestExpressApplication> {
  return createApp(
    loadConfig({
      DATABASE_URL: database.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: testRedisPrefix('observability_logs'),
      SMTP_URL: 'smtp://127.0.0.1:1',
      LOG_LEVEL: 'info',
    }),
    { logDestination: { write: (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)) } },
  );
}

beforeAll(async () => {
  database = await createTestDatabase('observability_logs');
  app = await startApi(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('api logs', () => {
  it("are JSON lines, Nest's own bootstrap lines included", () => {
    const started = entries().find((entry) => entry.context === 'NestApplication');

    expect(started).toMatchObject({ level: 'info', name: 'api', msg: expect.any(String) });
    expect(started?.time).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/));
  });

  it('log each request once with its id (the X-Request-Id answered), route, status and time', async () => {
    const response = await request(app.getHttpServer()).get('/api/plans?kind=crypto').expect(200);

    const requestId = response.headers['x-request-id'];
    const logged = entries().filter((entry) => entry.reqId === requestId);
    expect(logged).toEqual([
      expect.objectContaining({
        level: 'info',
        req: { method: 'GET', url: '/api/plans?kind=crypto', remoteAddress: expect.any(String) },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('leave successful probes (health, metrics) to the debug level', async () => {
    const response = await request(app.getHttpServer()).get('/api/health/live').expect(200);

    expect(entries().filter((entry) => entry.reqId === response.headers['x-request-id'])).toEqual([]);
  });

  it('never log cookies, the Authorization header or a request body; refusals log as warn', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/user/login')
      .set('X-Requested-With', 'XMLHttpRequest')
      .set('Cookie', `ls_member=${SESSION_COOKIE_VALUE}`)
      .set('Authorization', `Bearer ${BEARER}`)
      .send({ email: 'nobody@example.test', password: PASSWORD });

    expect(response.status).toBe(401);
    const logged = entries().filter((entry) => entry.reqId === response.headers['x-request-id']);
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', res: { statusCode: 401 } })]);
    const text = lines.join('\n');
    expect(text).not.toContain(SESSION_COOKIE_VALUE);
    expect(text).not.toContain(BEARER);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('nobody@example.test');
  });
});

describe('secrets in URLs', () => {
  const TOKEN = 'reset-token-that-must-not-be-logged-0123456789abcdef';

  it.each(['/api/user/change', '/api/admin/change'])(
    'a reset token in %s/<token> is logged as [redacted], and no secret of the request is',
    async (route) => {
      const response = await request(app.getHttpServer())
        .post(`${route}/${TOKEN}`)
        .set('X-Requested-With', 'XMLHttpRequest')
        .send({ password: PASSWORD, confirmPassword: PASSWORD });

      const logged = entries().filter((entry) => entry.reqId === response.headers['x-request-id']);
      expect(logged).toEqual([
        expect.objectContaining({ req: expect.objectContaining({ url: `${route}/[redacted]` }) }),
      ]);
      const text = lines.join('\n');
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(PASSWORD);
    },
  );

  it("the SPA's reset pages and secret query parameters are redacted too", async () => {
    const page = await request(app.getHttpServer()).get(`/reset-password/${TOKEN}`);
    const query = await request(app.getHttpServer()).get(`/api/docs/openapi.json?token=${TOKEN}&pretty=1`);

    const urls = entries()
      .filter((entry) => [page, query].some((answer) => entry.reqId === answer.headers['x-request-id']))
      .map((entry) => (entry.req as { url: string }).url);
    expect(urls.sort()).toEqual([
      '/api/docs/openapi.json?token=[redacted]&pretty=1',
      '/reset-password/[redacted]',
    ]);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

describe('a server fault', () => {
  it("is logged by the exception filter as a JSON error line carrying the request's id", async () => {
    const withoutRedis = await startApi(`redis://127.0.0.1:${await closedPort()}`);
    try {
      const response = await request(withoutRedis.getHttpServer())
        .post('/api/user/login')
        .set('X-Requested-With', 'XMLHttpRequest')
        .send({ email: 'nobody@example.test', password: PASSWORD });

      expect(response.status).toBe(503);
      const logged = entries().filter((entry) => entry.reqId === response.headers['x-request-id']);
      expect(logged).toEqual([
        expect.objectContaining({
          level: 'error',
          context: 'HTTP',
          msg: 'POST /api/user/login failed',
          stack: expect.any(String),
        }),
        expect.objectContaining({ level: 'error', res: { statusCode: 503 } }),
      ]);
      expect(lines.join('\n')).not.toContain(PASSWORD);
    } finally {
      await withoutRedis.close();
    }
  });
});

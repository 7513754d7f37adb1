import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { connect } from 'node:net';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { testDatabaseUrl, testRedisPrefix } from '@ledgerstone/eventstore';
import request from 'supertest';
import { createApp } from './app.js';
import { loadConfig } from './shared/config/config.js';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-3f9a1c.js"></script></body></html>';

/** Sends bytes as they are, which no HTTP client would, and gives back the whole answer once the server closes. */
async function rawExchange(app: NestExpressApplication, bytes: string): Promise<string> {
  const server = app.getHttpServer();
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The real api; these requests never reach PostgreSQL, so its database is never created. */
function startApi(spaDir: string): Promise<NestExpressApplication> {
  return createApp(
    loadConfig({
      DATABASE_URL: testDatabaseUrl('api_http'),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testRedisPrefix('api_http'),
      SPA_DIR: spaDir,
      LOG_LEVEL: 'fatal',
    }),
  );
}

describe('the api over HTTP', () => {
  let spaDir: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    spaDir = await mkdtemp(join(tmpdir(), 'ls-api-spa-'));
    await mkdir(join(spaDir, 'assets'));
    await writeFile(join(spaDir, 'index.html'), INDEX_HTML);
    await writeFile(join(spaDir, 'assets', 'app-3f9a1c.js'), 'console.log("app");');
    await writeFile(join(spaDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    app = await startApi(spaDir);
  });

  afterAll(async () => {
    await app?.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  describe('errors', () => {
    it('answers malformed JSON with 400 and a message, not 500', async () => {
      const response = await request(app.getHttpServer())
        .post('/api/health')
        .set('Content-Type', 'application/json')
        .send('{"email": "ada@example.test",');

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'Malformed JSON in request body' });
    });

    it("answers JSON nested too deeply to read with 400 and a message of its own, not the parser's", async () => {
      const depth = 100_000;
      const response = await request(app.getHttpServer())
        .post('/api/health')
        .set('Content-Type', 'application/json')
        .send(`{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`);

      expect(response.status).toBe(400);
      expect(response.body).toEqual({ message: 'The JSON in the request body is nested too deeply' });
    });

    it.each([
      ['at the top', '{"__proto__": {"role": "admin"}}'],
      ['in a nested object', '{"held": {"a": "1", "__proto__": "1"}}'],
      ['spelt with escapes', '{"held": {"\\u005f_proto__": "1"}}'],
    ])(
      'refuses a JSON body with a __proto__ key %s: 400 and a message, never silently dropped',
      async (_, body) => {
        const response = await request(app.getHttpServer())
          .post('/api/health')
          .set('Content-Type', 'application/json')
          .send(body);

        expect(response.status).toBe(400);
        expect(response.body).toEqual({
          message: 'The request body holds the key "__proto__", which no field has',
        });
      },
    );

    it.each([
      ['a JSON list', 'application/json', '["ada@example.test"]'],
      ['plain text', 'text/plain', 'email=ada@example.test'],
      [
        'JSON under a type the api does not read',
        'application/merge-patch+json',
        '{"email":"ada@example.test"}',
      ],
    ])('tells a body that is no JSON object (%s) how to send one', async (_, type, body) => {
      const response = await request(app.getHttpServer())
        .post('/api/user/forget-pass')
        .set('X-Requested-With', 'XMLHttpRequest')
        .set('Content-Type', type)
        .send(body);

      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Send the fields as a JSON object (Content-Type: application/json)');
    });

    it.each(['gzip', 'deflate'])(
      'answers a body marked %s that is not with 400 and a message of its own',
      async (encoding) => {
        const response = await request(app.getHttpServer())
          .post('/api/health')
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .send('{"email": "ada@example.test"}');

        expect(response.status).toBe(400);
        expect(response.body).toEqual({ message: 'The request body could not be decompressed' });
      },
    );

    it.each([
      ['a NUL in a header value', 'Idempotency-Key: ab\u0000cd\r\n'],
      ['a DEL in a header value', 'Idempotency-Key: ab\u007fcd\r\n'],
      ['a header line with no colon', 'Idempotency-Key\r\n'],
    ])(
      'answers a request Node refuses before the app (%s) with 400 and a JSON message',
      async (_, header) => {
        const answer = await rawExchange(
          app,
          `POST /api/withdraw HTTP/1.1\r\nHost: localhost\r\n${header}Content-Length: 2\r\n\r\n{}`,
        );

        const [head, body] = answer.split('\r\n\r\n');
        expect(head).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
        expect(head).toContain('Content-Type: application/json; charset=utf-8');
        expect(JSON.parse(body!)).toEqual({
          message: 'Malformed request: check its headers and body length',
        });
      },
    );

    it('refuses a JSON body over 1 MB with 413 and a message', async () => {
      const response = await request(app.getHttpServer())
        .post('/api/health')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ padding: 'x'.repeat(1024 * 1024) }));

      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: 'Request body is too large' });
    });

    it('reads a JSON body just under 1 MB', async () => {
      const response = await request(app.getHttpServer())
        .post('/api/health')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ padding: 'x'.repeat(1000 * 1000) }));

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Cannot POST /api/health' });
    });

    it('answers an unknown /api route with 404 JSON', async () => {
      const response = await request(app.getHttpServer()).get('/api/no-such-route');

      expect(response.status).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.body).toEqual({ message: 'Cannot GET /api/no-such-route' });
    });

    it('never hands an /api path to the SPA', async () => {
      const response = await request(app.getHttpServer()).get('/api');

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Cannot GET /api' });
    });

    it('answers an /api path in another case, after a doubled slash or with its slash encoded as the api, never with the SPA', async () => {
      const answers = [];
      for (const path of [
        '/API/user',
        '/Api/User',
        '//api/user',
        '///API/no-such-route',
        '/Api',
        '/api%2Fuser',
      ]) {
        const response = await request(app.getHttpServer()).get(path);
        answers.push({
          path,
          status: response.status,
          type: response.headers['content-type'],
          cache: response.headers['cache-control'],
          body: response.body,
        });
      }

      const json = expect.stringMatching(/^application\/json/);
      expect(answers).toEqual([
        { path: '/API/user', status: 401, type: json, cache: 'no-store', body: { message: 'Please log in' } },
        { path: '/Api/User', status: 401, type: json, cache: 'no-store', body: { message: 'Please log in' } },
        {
          path: '//api/user',
          status: 404,
          type: json,
          cache: 'no-store',
          body: { message: 'Cannot GET //api/user' },
        },
        {
          path: '///API/no-such-route',
          status: 404,
          type: json,
          cache: 'no-store',
          body: { message: 'Cannot GET ///API/no-such-route' },
        },
        { path: '/Api', status: 404, type: json, cache: 'no-store', body: { message: 'Cannot GET /Api' } },
        {
          path: '/api%2Fuser',
          status: 404,
          type: json,
          cache: 'no-store',
          body: { message: 'Cannot GET /api%2Fuser' },
        },
      ]);
    });
  });

  describe('the SPA', () => {
    it('serves index.html for a deep link, revalidated on every visit', async () => {
      const response = await request(app.getHttpServer()).get('/company');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.text).toBe(INDEX_HTML);
    });

    it('serves index.html at the root and for nested paths', async () => {
      const root = await request(app.getHttpServer()).get('/');
      const nested = await request(app.getHttpServer()).get('/reset-password/0f3a9c');

      expect(root.text).toBe(INDEX_HTML);
      expect(nested.text).toBe(INDEX_HTML);
    });

    it('serves hashed assets with a long cache lifetime', async () => {
      const response = await request(app.getHttpServer()).get('/assets/app-3f9a1c.js');

      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.text).toBe('console.log("app");');
    });

    it('serves other files revalidated', async () => {
      const response = await request(app.getHttpServer()).get('/favicon.svg');

      expect(response.status).toBe(200);
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('answers a missing asset with 404 instead of the app', async () => {
      const response = await request(app.getHttpServer()).get('/assets/app-old.js');

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Cannot GET /assets/app-old.js' });
    });

    it('answers other methods outside /api with 404 JSON', async () => {
      const response = await request(app.getHttpServer()).post('/company').send({});

      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Cannot POST /company' });
    });

    it('says how to build the SPA when SPA_DIR holds no index.html', async () => {
      const emptyDir = await mkdtemp(join(tmpdir(), 'ls-api-spa-empty-'));
      const unbuilt = await startApi(emptyDir);
      try {
        const response = await request(unbuilt.getHttpServer()).get('/');

        expect(response.status).toBe(503);
        expect(response.headers['content-type']).toMatch(/^text\/plain/);
        expect(response.text).toContain('not built yet');
        expect(response.text).toContain('npm run build');
      } finally {
        await unbuilt.close();
        await rm(emptyDir, { recursive: true, force: true });
      }
    });
  });
});

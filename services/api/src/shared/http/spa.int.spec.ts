import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { testDatabaseUrl, testRedisPrefix } from '@ledgerstone/eventstore';
import request from 'supertest';
import { createApp } from '../../app.js';
import { loadConfig } from '../config/config.js';
import { prerenderedPage } from './spa.js';

const INDEX_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const page = (path: string) =>
  `<!doctype html><html><body><div id="root" data-prerendered="${path}"><h1>${path}</h1></div></body></html>`;

describe('pre-rendered pages of the SPA', () => {
  let spaDir: string;
  let app: NestExpressApplication;

  beforeAll(async () => {
    // Given a build that pre-rendered the home page, /crypto and /login
    spaDir = await mkdtemp(join(tmpdir(), 'ls-api-prerendered-'));
    await writeFile(join(spaDir, 'index.html'), INDEX_HTML);
    await mkdir(join(spaDir, 'prerendered', 'crypto'), { recursive: true });
    await mkdir(join(spaDir, 'prerendered', 'login'), { recursive: true });
    await writeFile(join(spaDir, 'prerendered', 'index.html'), page('/'));
    await writeFile(join(spaDir, 'prerendered', 'crypto', 'index.html'), page('/crypto'));
    await writeFile(join(spaDir, 'prerendered', 'login', 'index.html'), page('/login'));
    app = await createApp(
      loadConfig({
        DATABASE_URL: testDatabaseUrl('api_spa'),
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        REDIS_PREFIX: testRedisPrefix('api_spa'),
        SPA_DIR: spaDir,
        LOG_LEVEL: 'fatal',
      }),
    );
  });

  afterAll(async () => {
    await app?.close();
    await rm(spaDir, { recursive: true, force: true });
  });

  it('serves the pre-rendered HTML of a page, revalidated on every visit', async () => {
    const response = await request(app.getHttpServer()).get('/crypto');

    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.text).toBe(page('/crypto'));
  });

  it('serves the pre-rendered home page at the root', async () => {
    const response = await request(app.getHttpServer()).get('/');

    expect(response.text).toBe(page('/'));
  });

  it('serves index.html where nothing was pre-rendered', async () => {
    const dashboard = await request(app.getHttpServer()).get('/dashboard');
    const nested = await request(app.getHttpServer()).get('/crypto/more');

    expect(dashboard.text).toBe(INDEX_HTML);
    expect(nested.text).toBe(INDEX_HTML);
  });

  it('serves index.html when the page is asked for with a query string, which the browser renders itself', async () => {
    const response = await request(app.getHttpServer()).get('/login?ref=ABC123');

    expect(response.text).toBe(INDEX_HTML);
  });
});

describe('prerenderedPage', () => {
  let spaDir: string;

  beforeAll(async () => {
    spaDir = await mkdtemp(join(tmpdir(), 'ls-prerendered-lookup-'));
    await mkdir(join(spaDir, 'prerendered', 'company'), { recursive: true });
    await writeFile(join(spaDir, 'prerendered', 'company', 'index.html'), page('/company'));
    await writeFile(join(spaDir, 'secret.html'), 'not a page');
  });

  afterAll(async () => {
    await rm(spaDir, { recursive: true, force: true });
  });

  it('finds the file written for a path', () => {
    expect(prerenderedPage(spaDir, '/company', '')).toBe(
      join(spaDir, 'prerendered', 'company', 'index.html'),
    );
  });

  it('finds nothing for a path without a file, with a query, or that is not a plain page path', () => {
    expect(prerenderedPage(spaDir, '/career', '')).toBeUndefined();
    expect(prerenderedPage(spaDir, '/company', '?utm=mail')).toBeUndefined();
    expect(prerenderedPage(spaDir, '/company/', '')).toBeUndefined();
    expect(prerenderedPage(spaDir, '/../secret.html', '')).toBeUndefined();
    expect(prerenderedPage(spaDir, '/company/../../secret', '')).toBeUndefined();
  });
});

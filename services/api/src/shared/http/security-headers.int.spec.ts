import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { testDatabaseUrl, testRedisPrefix } from '@ledgerstone/eventstore';
import request from 'supertest';
import { createApp } from '../../app.js';
import { loadConfig, REPO_ROOT } from '../config/config.js';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/app-3f9a1c.js"></script></body></html>';
const PAGE_SCRIPT = "(function () { document.documentElement.dataset.ready = 'yes'; })();";
const OTHER_SCRIPT = 'window.__replay = function () {};';
const PRERENDERED =
  `<!doctype html><html><head><script>${PAGE_SCRIPT}</script><script>${OTHER_SCRIPT}</script></head>` +
  '<body><div id="root" data-prerendered="/company"><h1>Company</h1></div></body></html>';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The policy as directive name -> sources. */
function directivesOf(policy: string | undefined): Map<string, string[]> {
  expect(policy).toEqual(expect.any(String));
  return new Map(
    (policy ?? '')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

/** The real api over a small built SPA; these requests never reach PostgreSQL. */
async function startApi(spaDir: string, mode: 'local' | 'production'): Promise<NestExpressApplication> {
  return createApp(
    loadConfig({
      APP_MODE: mode,
      COOKIE_SECRET: mode === 'production' ? 'a-production-cookie-secret-of-32-chars+' : undefined,
      TWO_FACTOR_KEY: mode === 'production' ? 'a-production-two-factor-key-of-32-chars' : undefined,
      ACCOUNT_LINK_KEY: mode === 'production' ? 'a-production-account-link-key-of-32-chars' : undefined,
      DATABASE_URL: testDatabaseUrl('api_headers'),
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      REDIS_PREFIX: testRedisPrefix('api_headers'),
      SPA_DIR: spaDir,
      LOG_LEVEL: 'fatal',
    }),
  );
}

let spaDir: string;

beforeAll(async () => {
  spaDir = await mkdtemp(join(tmpdir(), 'ls-api-headers-'));
  await mkdir(join(spaDir, 'assets'));
  await mkdir(join(spaDir, 'prerendered', 'company'), { recursive: true });
  await writeFile(join(spaDir, 'index.html'), INDEX_HTML);
  await writeFile(join(spaDir, 'assets', 'app-3f9a1c.js'), 'console.log("app");');
  await writeFile(join(spaDir, 'prerendered', 'company', 'index.html'), PRERENDERED);
});

afterAll(async () => {
  await rm(spaDir, { recursive: true, force: true });
});

// An API answer, an error, the SPA's shell, a pre-rendered page, a hashed file and the API docs.
const PATHS = ['/api/no-such-route', '/dashboard', '/company', '/assets/app-3f9a1c.js', '/api/docs'];

describe('security headers in local mode', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApi(spaDir, 'local');
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each(PATHS)('%s carries the site policy and the browser hardening headers', async (path) => {
    const response = await request(app.getHttpServer()).get(path);

    const policy = directivesOf(response.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')?.[0]).toBe("'self'");
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).not.toContain("'self'");
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it.each(['/api/docs/openapi.json', '/api/no-such-route'])(
    '%s is kept by no cache, and has no ETag to revalidate it by',
    async (path) => {
      const response = await request(app.getHttpServer()).get(path);

      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
    },
  );

  it('lets the files of the api docs and the SPA be kept as they say', async () => {
    const docsFile = await request(app.getHttpServer()).get('/api/docs/ui/swagger-ui-bundle.js').expect(200);
    const asset = await request(app.getHttpServer()).get('/assets/app-3f9a1c.js').expect(200);

    expect(docsFile.headers['cache-control']).toBe('public, max-age=3600');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.etag).toEqual(expect.any(String));
  });

  it("allows a pre-rendered page's own inline scripts by their hashes, and no other page's", async () => {
    const page = await request(app.getHttpServer()).get('/company').expect(200);
    const shell = await request(app.getHttpServer()).get('/dashboard').expect(200);

    expect(page.text).toBe(PRERENDERED);
    expect(directivesOf(page.headers['content-security-policy']).get('script-src')).toEqual([
      "'self'",
      sha256(PAGE_SCRIPT),
      sha256(OTHER_SCRIPT),
    ]);
    expect(directivesOf(shell.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
  });

  it('follows a rebuild of a pre-rendered page while running', async () => {
    const file = join(spaDir, 'prerendered', 'company', 'index.html');
    const rebuilt = PRERENDERED.replace(OTHER_SCRIPT, 'window.__replay = null;');
    try {
      await writeFile(file, rebuilt);
      const page = await request(app.getHttpServer()).get('/company').expect(200);

      expect(directivesOf(page.headers['content-security-policy']).get('script-src')).toEqual([
        "'self'",
        sha256(PAGE_SCRIPT),
        sha256('window.__replay = null;'),
      ]);
    } finally {
      await writeFile(file, PRERENDERED);
    }
  });

  it('lets Swagger UI load its script files, with no inline script in its page', async () => {
    const page = await request(app.getHttpServer()).get('/api/docs').expect(200);

    expect(page.text).not.toMatch(/<script>/);
    expect([...page.text.matchAll(/<script src="([^"]+)">/g)].map(([, src]) => src)).toEqual([
      '/api/docs/ui/swagger-ui-bundle.js',
      '/api/docs/ui/swagger-initializer.js',
    ]);
    await request(app.getHttpServer())
      .get('/api/docs/ui/swagger-initializer.js')
      .expect(200)
      .expect('Content-Type', /javascript/);
  });
});

describe('security headers in production mode', () => {
  let app: NestExpressApplication;

  beforeAll(async () => {
    app = await startApi(spaDir, 'production');
  });

  afterAll(async () => {
    await app?.close();
  });

  it.each(PATHS)('%s also tells the browser to use https only, for a year', async (path) => {
    const response = await request(app.getHttpServer()).get(path);

    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const policy = directivesOf(response.headers['content-security-policy']);
    expect(policy.get('upgrade-insecure-requests')).toEqual([]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('are the headers nginx adds to the files it serves itself (infra/nginx)', async () => {
    const snippet = await readFile(join(REPO_ROOT, 'infra/nginx/security-headers.conf'), 'utf8');
    const nginx = Object.fromEntries(
      [...snippet.matchAll(/^add_header ([A-Za-z-]+) "([^"]*)" always;$/gm)].map(([, name, value]) => [
        (name ?? '').toLowerCase(),
        value,
      ]),
    );
    const response = await request(app.getHttpServer()).get('/dashboard').expect(200);

    const api = Object.fromEntries(
      Object.keys(nginx).map((name) => [name, response.headers[name] as string | undefined]),
    );
    expect(nginx).toEqual(api);
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
    ]) {
      expect(nginx).toHaveProperty([name]);
    }
  });
});

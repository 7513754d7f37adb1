import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The deployment's nginx configuration (infra/nginx/default.conf), run by Debian's nginx in front of a stand-in
 * api: what its access log keeps of reset and lock links. Only what Docker provides is swapped: the api's
 * address (Debian's nginx has no `resolve` for upstream servers), the port, the files' root and the log's path.
 */
const nginxDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'nginx');

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const SECRET = 'Secret0token';
/** Marks a request the stand-in api drops unanswered. */
const DROPPED = 'dropped';

let dir: string;
let nginx: ChildProcess;
let api: Server;
let base: string;
const apiUrls: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ls-nginx-'));
  // nginx's workers run as an unprivileged user when started as root: they must reach the files.
  chmodSync(dir, 0o755);
  mkdirSync(join(dir, 'html', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'html', 'index.html'), '<!doctype html><title>app</title>');
  writeFileSync(join(dir, 'html', 'assets', 'app.js'), 'console.log(1)');

  api = createServer((request, response) => {
    // nginx answers 502 and logs an error.
    if (request.url?.includes(DROPPED)) return request.socket.destroy();
    apiUrls.push(request.url ?? '');
    request.resume();
    request.on('end', () => response.end('{}'));
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  const apiPort = (api.address() as AddressInfo).port;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;

  const site = readFileSync(join(nginxDir, 'default.conf'), 'utf8')
    .replace(/server\s+api:3000\s+resolve;/, `server 127.0.0.1:${apiPort};`)
    .replace(/listen 80;/, `listen 127.0.0.1:${port};`)
    .replace(/root \/usr\/share\/nginx\/html;/, `root ${join(dir, 'html')};`)
    .replaceAll('/etc/nginx/snippets/security-headers.conf', join(nginxDir, 'security-headers.conf'))
    .replace('/var/log/nginx/access.log', join(dir, 'access.log'))
    .replaceAll('/var/log/nginx/error.log', join(dir, 'error.log'));
  expect(site).toContain(join(dir, 'access.log'));
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${join(dir, 'error.log')};`,
      'events {}',
      'http {',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (kind) => `  ${kind}_temp_path ${join(dir, kind)};`,
      ),
      `  include ${join(dir, 'site.conf')};`,
      '}',
    ].join('\n'),
  );

  nginx = spawn(
    process.env.NGINX_PATH ?? 'nginx',
    ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  nginx.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const spawnError = new Promise<never>((_, reject) =>
    nginx.once('error', (error) =>
      reject(new Error(`nginx could not start (apt-get install -y nginx): ${error.message}`)),
    ),
  );
  const started = (async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      if (nginx.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
      const up = await fetch(`${base}/`).then(
        () => true,
        () => false,
      );
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx did not answer: ${stderr}`);
  })();
  await Promise.race([started, spawnError]);
});

afterAll(async () => {
  nginx?.kill('SIGQUIT');
  if (nginx && nginx.exitCode === null) await new Promise((resolve) => nginx.once('exit', resolve));
  await new Promise<void>((resolve) => (api ? api.close(() => resolve()) : resolve()));
  if (dir) rmSync(dir, { recursive: true, force: true });
});

it('keeps reset and lock tokens out of the access log, in the path, the query and the referring page', async () => {
  const visits: { path: string; method?: string; referer?: string }[] = [
    { path: `/reset-password/${SECRET}1` },
    { path: `/ADMIN-Reset-Password/${SECRET}2?from=mail` },
    { path: `/api/user/change/${SECRET}3`, method: 'POST' },
    { path: `/api/admin/change/${SECRET}4/`, method: 'POST' },
    { path: `/lock-account?token=${SECRET}5` },
    { path: '/assets/app.js', referer: `http://localhost/admin-reset-password/${SECRET}6` },
    { path: '/assets/app.js', referer: `http://localhost/lock-account?token=${SECRET}7` },
    { path: `/reset-password/${SECRET}8/reset-password/x` },
    { path: '/dashboard/deposit-history?page=2', referer: 'http://localhost/dashboard' },
  ];
  for (const { path, method = 'GET', referer } of visits) {
    const response = await fetch(`${base}${path}`, { method, headers: referer ? { referer } : {} });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
  }

  const log = readFileSync(join(dir, 'access.log'), 'utf8');
  // One line per visit, after the start-up check's.
  expect(log.trim().split('\n')).toHaveLength(visits.length + 1);
  expect(log).not.toContain(SECRET);
  for (const line of [
    '"GET /reset-password/[redacted] HTTP/1.1" 200',
    '"GET /ADMIN-Reset-Password/[redacted] HTTP/1.1" 200',
    '"POST /api/user/change/[redacted] HTTP/1.1" 200',
    '"POST /api/admin/change/[redacted] HTTP/1.1" 200',
    '"GET /lock-account HTTP/1.1" 200',
    '"http://localhost/admin-reset-password/[redacted]"',
    '"http://localhost/lock-account"',
    '"GET /dashboard/deposit-history HTTP/1.1" 200',
    '"http://localhost/dashboard"',
  ]) {
    expect(log).toContain(line);
  }
  // The api still gets the whole path: only the log is redacted.
  expect(apiUrls).toEqual([`/api/user/change/${SECRET}3`, `/api/admin/change/${SECRET}4/`]);
});

it('keeps reset and lock tokens out of the error log when the api fails them', async () => {
  const failed: { path: string; referer?: string }[] = [
    { path: `/api/user/change/${SECRET}1${DROPPED}` },
    { path: `/api/admin/change/${SECRET}2${DROPPED}` },
    { path: `/api/account/lock?${DROPPED}`, referer: `http://localhost/lock-account?token=${SECRET}3` },
    // Any other route's failure is logged as before.
    { path: `/api/withdraw?${DROPPED}`, referer: 'http://localhost/dashboard/withdraw' },
  ];
  for (const { path, referer } of failed) {
    const response = await fetch(`${base}${path}`, { method: 'POST', headers: referer ? { referer } : {} });
    expect(response.status).toBe(502);
    await response.arrayBuffer();
  }

  const errors = readFileSync(join(dir, 'error.log'), 'utf8');
  expect(errors).toContain(`request: "POST /api/withdraw?${DROPPED} HTTP/1.1"`);
  expect(errors).toContain('referrer: "http://localhost/dashboard/withdraw"');
  expect(errors).not.toContain(SECRET);
  const access = readFileSync(join(dir, 'access.log'), 'utf8');
  expect(access).toContain('"POST /api/user/change/[redacted] HTTP/1.1" 502');
  expect(access).toContain('"POST /api/account/lock HTTP/1.1" 502');
});

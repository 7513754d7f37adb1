import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { createGzip } from 'node:zlib';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/** As the API does (services/api/src/http/spa.ts): the page the build pre-rendered for a path, if any. */
async function prerenderedPage(distDir: string, path: string, url = ''): Promise<string | undefined> {
  if (url.includes('?') || !/^\/(?:[A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)*)?$/.test(path)) return undefined;
  const file = join(distDir, 'prerendered', ...path.split('/').filter(Boolean), 'index.html');
  return (await stat(file).catch(() => undefined))?.isFile() ? file : undefined;
}

export type StaticSite = { url: string; close: () => Promise<void> };

/** Answers by API path (without the query string), the same for every request. */
export type ApiAnswers = Record<string, unknown>;

/**
 * Serves the built SPA as the API does in production (compressed, hashed assets cached for a year, deep
 * links answered with their pre-rendered page or index.html) and answers API calls from fixed answers, so
 * the figures measure the web app and not the server: /api/health always, others as given, 404 for the rest.
 */
export async function serveStaticSite(distDir: string, apiAnswers: ApiAnswers = {}): Promise<StaticSite> {
  const answers: ApiAnswers = { '/api/health': { status: 'ok', checks: {} }, ...apiAnswers };
  const server: Server = createServer((request, response) => {
    void (async () => {
      const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
      if (path.startsWith('/api/')) {
        const answer = answers[path];
        response.writeHead(answer === undefined ? 404 : 200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(answer ?? { message: 'Not found' }));
        return;
      }
      let file = join(distDir, normalize(path).replace(/^(\.\.[/\\])+/, ''));
      const found = await stat(file).catch(() => undefined);
      if (!found?.isFile())
        file = (await prerenderedPage(distDir, path, request.url)) ?? join(distDir, 'index.html');
      const type = contentTypes[extname(file)] ?? 'application/octet-stream';
      const headers: Record<string, string> = {
        'content-type': type,
        'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      };
      const compressible = /text|javascript|json|svg/.test(type);
      if (compressible && /\bgzip\b/.test(String(request.headers['accept-encoding']))) {
        response.writeHead(200, { ...headers, 'content-encoding': 'gzip', vary: 'accept-encoding' });
        createReadStream(file).pipe(createGzip()).pipe(response);
      } else {
        response.writeHead(200, headers);
        createReadStream(file).pipe(response);
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

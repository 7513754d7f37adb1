import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, sep } from 'node:path';
import { NotFoundException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import serveStatic from 'serve-static';
import { contentSecurityPolicy, type CspDirectives, withSources } from './security-headers.js';

export const SPA_NOT_BUILT =
  'The Ledgerstone web app is not built yet. Build it with `npm run build` in the repository root, then reload this page.\n';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Express routes /API/user as /api/user, so the api owns its prefix in every case. */
const apiPath = /^\/api(?:\/|$)/i;
/** An api path after a doubled slash, or with its slash encoded: no route matches it, and it is no page either. */
const strayApiPath = /^(?:\/{2,}api(?:\/|%2f|$)|\/api%2f)/i;

function isApiPath(path: string): boolean {
  return apiPath.test(path) || strayApiPath.test(path);
}

const prerenderablePath = /^\/(?:[A-Za-z0-9-]+(?:\/[A-Za-z0-9-]+)*)?$/;

/**
 * The page the frontend build pre-rendered for this path (dist/prerendered/<path>/index.html, written by
 * frontend/scripts/prerender.mjs), if any. Only for requests without a query string: a page may read the
 * query (a referral code, say), so the browser renders those itself from index.html.
 */
export function prerenderedPage(spaDir: string, path: string, search: string): string | undefined {
  if (search !== '' || !prerenderablePath.test(path)) return undefined;
  const file = join(spaDir, 'prerendered', ...path.split('/').filter(Boolean), 'index.html');
  return existsSync(file) ? file : undefined;
}

/** The plain `<script>` elements frontend/scripts/prerender.mjs writes; other scripts load from files. */
const inlineScript = /<script>([\s\S]*?)<\/script>/g;

/** The CSP sources that allow exactly the page's inline scripts: `'sha256-<base64>'` of each one's text. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(inlineScript)].map(
    ([, text]) =>
      `'sha256-${createHash('sha256')
        .update(text ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/** A page's policy, made once per version of its file (a rebuild while the api runs writes new ones). */
class PagePolicies {
  private readonly byFile = new Map<string, { version: string; policy: string }>();

  constructor(private readonly directives: CspDirectives) {}

  of(file: string): string {
    const { mtimeMs, size } = statSync(file);
    const version = `${mtimeMs}:${size}`;
    const known = this.byFile.get(file);
    if (known?.version === version) return known.policy;
    const hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
    const policy = contentSecurityPolicy(withSources(this.directives, { 'script-src': hashes }));
    this.byFile.set(file, { version, policy });
    return policy;
  }
}

function searchOf(url: string): string {
  const start = url.indexOf('?');
  return start === -1 ? '' : url.slice(start);
}

/**
 * Serves the built SPA at every path outside /api: its files as they are, the pre-rendered HTML of a public
 * page where the build made one (the browser hydrates it), and index.html for any other GET, so deep links
 * (/dashboard/deposit) load the app, which routes them itself. Vite names the files under
 * assets/ by their content hash, so they may be cached for good; everything else is revalidated.
 * A pre-rendered page's own inline scripts are allowed by their hashes in its Content-Security-Policy, which
 * is otherwise the site's (`directives`).
 */
export function serveSpa(app: NestExpressApplication, spaDir: string, directives: CspDirectives): void {
  const index = join(spaDir, 'index.html');
  const assets = join(spaDir, 'assets') + sep;
  const pagePolicies = new PagePolicies(directives);

  const staticFiles = serveStatic(spaDir, {
    index: false,
    redirect: false,
    setHeaders: (response: Response, file: string) =>
      response.setHeader('Cache-Control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE),
  });
  // No file of the app answers under /api: api requests skip the file system look-up.
  app.use((request: Request, response: Response, next: NextFunction) =>
    isApiPath(request.path) ? next() : staticFiles(request, response, next),
  );

  app.use((request: Request, response: Response, next: NextFunction) => {
    if (apiPath.test(request.path)) return next();
    const notFound = new NotFoundException(`Cannot ${request.method} ${request.path}`);
    if (strayApiPath.test(request.path)) {
      response.setHeader('Cache-Control', 'no-store');
      return next(notFound);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return next(notFound);
    // A missing hashed file is a stale or broken link; answering it with the app would hide that.
    if (request.path.startsWith('/assets/')) return next(notFound);
    if (!existsSync(index)) {
      response.status(503).type('text/plain').setHeader('Cache-Control', 'no-store').send(SPA_NOT_BUILT);
      return;
    }
    const prerendered = prerenderedPage(spaDir, request.path, searchOf(request.originalUrl));
    if (prerendered) response.setHeader('Content-Security-Policy', pagePolicies.of(prerendered));
    const page = prerendered ?? index;
    response.sendFile(page, { headers: { 'Cache-Control': REVALIDATE } }, (error?: Error) => {
      if (error) next(error);
    });
  });
}

import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { readFileSync } from 'node:fs';

import { distDir, readBuildManifest } from '../../testing/build-manifest.js';

const manifest = readBuildManifest();

function prerendered(path: string): Document {
  const file = new URL(`prerendered${path === '/' ? '' : path}/index.html`, distDir);
  return new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'text/html');
}

/** Both renderings of the page: the phone one in #root, the wide one in its template. */
function islandsOf(page: Document): string[] {
  const wide = page.querySelector<HTMLTemplateElement>('#prerendered-wide')?.content;
  return [
    ...page.querySelectorAll('#root [data-island]'),
    ...(wide?.querySelectorAll('[data-island]') ?? []),
  ].map((island) => island.getAttribute('data-island') ?? '');
}

/** The text of the inline script that requests the page's scripts once it has painted. */
function scriptLoader(page: Document): string {
  const loader = [...page.querySelectorAll('script')].find((script) =>
    script.textContent.includes('modulepreload'),
  );
  if (!loader) throw new Error('The page has no script loader');
  return loader.textContent;
}

const islandsEntry = `/${manifest['src/islands.tsx']?.file}`;
const appEntry = `/${manifest['index.html']?.file}`;
const routerChunkFile = Object.values(manifest).find((chunk) => chunk.name === 'react-router')?.file;
if (!routerChunkFile) throw new Error('The build has no react-router chunk (see vite.config.ts)');
const routerChunk = `/${routerChunkFile}`;

describe('pre-rendered marketing pages', () => {
  it('hold the home page’s islands, each in both renderings, with the props they hydrate with', () => {
    const page = prerendered('/');
    expect(islandsOf(page).sort()).toEqual(
      ['service-status', 'testimonials-carousel', 'top-bar', 'typing-title'].flatMap((name) => [name, name]),
    );
    const topBar = page.querySelector<HTMLElement>('#root [data-island="top-bar"]');
    expect(JSON.parse(topBar?.dataset.props ?? '')).toEqual({ currentPath: '/' });
    expect(topBar?.querySelector('header')).not.toBeNull();
  });

  it.each(['/', '/crypto', '/company', '/career', '/privacy-policy'])(
    'load the islands’ entry on %s, not the app’s nor the router',
    (path) => {
      const page = prerendered(path);
      expect(islandsOf(page)).toContain('top-bar');
      const loader = scriptLoader(page);
      expect(loader).toContain(JSON.stringify(islandsEntry));
      expect(loader).not.toContain(appEntry);
      expect(loader).not.toContain(routerChunk);
    },
  );

  it.each(['/contact', '/proof-of-liabilities', '/admin-login', '/verify'])(
    'leave %s to the app, which hydrates it whole',
    (path) => {
      const page = prerendered(path);
      expect(islandsOf(page)).toEqual([]);
      expect(scriptLoader(page)).toContain(JSON.stringify(appEntry));
      expect(scriptLoader(page)).toContain(routerChunk);
    },
  );
});

describe('pre-rendered sign-in pages', () => {
  const screenChunk = (module: string) => `/${manifest[module]?.file}`;
  const screens = [
    { path: '/login', island: 'login', module: 'src/app/routes/auth/login-screen.tsx' },
    { path: '/signup', island: 'signup', module: 'src/app/routes/auth/signup-screen.tsx' },
    {
      path: '/forgot-password',
      island: 'forgot-password',
      module: 'src/app/routes/auth/forgot-password-screen.tsx',
    },
  ];

  it.each(screens)(
    'hydrate $path as islands: its screen, the top bar and the status line, without the app or the router',
    ({ path, island, module }) => {
      const page = prerendered(path);
      expect(islandsOf(page).sort()).toEqual(
        [island, 'service-status', 'top-bar'].sort().flatMap((name) => [name, name]),
      );
      const loader = scriptLoader(page);
      expect(loader).toContain(JSON.stringify(islandsEntry));
      expect(loader).toContain(JSON.stringify(screenChunk(module)));
      expect(loader).not.toContain(appEntry);
      expect(loader).not.toContain(routerChunk);
      // No other screen's chunk: /login loads neither the sign-up form nor the password reset.
      for (const other of screens.filter((screen) => screen.path !== path)) {
        expect(loader).not.toContain(JSON.stringify(screenChunk(other.module)));
      }
    },
  );

  it('render the sign-up island with the props it hydrates with: no referral code without ?ref=', () => {
    const signup = prerendered('/signup').querySelector<HTMLElement>('#root [data-island="signup"]');
    expect(JSON.parse(signup?.dataset.props ?? '')).toEqual({ referralCode: '' });
    expect(signup?.querySelector('form[aria-labelledby]')).not.toBeNull();
  });
});

describe('the script loader of a pre-rendered page', () => {
  afterEach(() => {
    jest.useRealTimers();
    document.head.replaceChildren();
  });

  it('adds the page’s chunks a few per task, each once, then the entry, after the first paint', () => {
    jest.useFakeTimers();
    const loader = scriptLoader(prerendered('/dashboard'));
    const preloads = JSON.parse(/(\["\/assets\/[^\]]*\])/.exec(loader)?.[1] ?? '[]') as string[];
    expect(preloads.length).toBeGreaterThan(16);
    const added = () => ({
      entries: [...document.head.querySelectorAll<HTMLScriptElement>('script[type="module"]')].map((script) =>
        script.getAttribute('src'),
      ),
      preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
        link.getAttribute('href'),
      ),
    });

    new Function(loader.replace(/^\s*<script>|<\/script>\s*$/g, ''))();
    expect(added()).toEqual({ entries: [], preloads: [] });

    // jsdom reports no paint: the loader's fallbacks (the next frame, or a timer) stand in for the first paint.
    const perTask: number[] = [];
    while (jest.getTimerCount() > 0) {
      const before = added().preloads.length;
      jest.advanceTimersToNextTimer();
      perTask.push(added().preloads.length - before);
      // The entry comes with the last of them: its imports are being fetched by then.
      expect(added().entries).toEqual(added().preloads.length === preloads.length ? [appEntry] : []);
    }
    expect(added().preloads).toEqual(preloads);
    expect(added().entries).toEqual([appEntry]);
    expect(Math.max(...perTask)).toBeLessThanOrEqual(8);
  });
});

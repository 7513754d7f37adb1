/**
 * Build-time entry (vite build --ssr): renders a public page to HTML with the CSS it needs, from the same
 * routes and components the browser hydrates (see main.tsx and scripts/prerender.mjs).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';

import { IslandProvider } from '../app/island-provider.js';
import { AppProvider } from '../app/provider.js';
import { AppRoutes, preloadRoutesOf } from '../app/router.js';
import { compactNavigationQuery, serviceLinks } from '../components/layout/public-navigation.js';
import { IslandRendererContext } from '../components/ui/island.js';
import { paths } from '../config/paths.js';
import { LiveServiceStatus } from '../features/service-status/components/lazy-service-status.js';
import { assumeViewport, type AssumedViewport } from './media-query.js';

const servicePaths: string[] = serviceLinks.map((service) => service.href);
const authPaths: string[] = Object.values(paths.auth)
  .map(({ path }) => path)
  .filter((path) => !path.includes(':'));

/** Pages whose first render is the same for every visitor; paths with parameters are left out. */
export const prerenderedPaths: string[] = [
  paths.home.path,
  paths.company.path,
  paths.career.path,
  paths.contact.path,
  paths.privacyPolicy.path,
  // Its closes load in the browser; the first render says they are loading.
  paths.proofOfLiabilities.path,
  ...servicePaths,
  ...authPaths,
  // Signed in or not, the member's home first renders its frame with every figure still loading.
  paths.dashboard.path,
];

/**
 * The marketing pages and the members' sign-in screens: only their islands are hydrated, by islands.tsx (see
 * components/ui/island.tsx). The contact page's form, the proof of liabilities' figures and the other auth
 * screens (the staff's, verification) are the app's, hydrated whole by main.tsx.
 */
const islandPaths: string[] = [
  paths.home.path,
  paths.company.path,
  paths.career.path,
  paths.privacyPolicy.path,
  ...servicePaths,
  paths.auth.login.path,
  paths.auth.signup.path,
  paths.auth.forgotPassword.path,
];

/** What islands.tsx loads for each island before hydrating it (as Vite's manifest names the modules). */
const modulesOfIsland: Record<string, string[]> = {
  'top-bar': [],
  'service-status': ['src/features/service-status/components/service-status.tsx'],
  'typing-title': ['src/features/marketing/components/typing-title.tsx'],
  'testimonials-carousel': ['src/features/marketing/components/testimonials-carousel.tsx'],
  login: ['src/app/sign-in-island.tsx', 'src/app/routes/auth/login-screen.tsx'],
  signup: ['src/app/sign-in-island.tsx', 'src/app/routes/auth/signup-screen.tsx'],
  'forgot-password': ['src/app/sign-in-island.tsx', 'src/app/routes/auth/forgot-password-screen.tsx'],
};

function islandModulesOf(name: string): string[] {
  const modules = modulesOfIsland[name];
  if (!modules) throw new Error(`islands.tsx has no island named ${name}`);
  return modules;
}

/**
 * The modules of the page's lazy routes (as Vite's manifest names them; see router.tsx), which hydration waits
 * for: the lazy areas that query the API load QueryProvider along with their own module; the public pages
 * (marketing and sign-in) query nothing and load inside the public site's frame.
 */
function routeModulesOf(path: string): string[] {
  if (path === paths.dashboard.path)
    return [
      'src/lib/query-provider.tsx',
      'src/app/routes/dashboard/layout.tsx',
      'src/app/routes/dashboard/home.tsx',
    ];
  return ['src/app/routes/public-site.tsx', publicPageModuleOf(path)];
}

/** A public page's module; the public site's frame (public-site.tsx) holds it. */
function publicPageModuleOf(path: string): string {
  if (path === paths.home.path) return 'src/app/routes/public/home.tsx';
  if (authPaths.includes(path)) {
    // Each auth screen is its own module (see router.tsx); the admin's share the members' forms.
    const screen = path.replace(/^\/admin-(?!login)/, '/');
    return `src/app/routes/auth${screen}.tsx`;
  }
  if (servicePaths.includes(path)) return 'src/app/routes/public/asset.tsx';
  return `src/app/routes/public${path}.tsx`;
}

/** Where the browser shows the phone rendering rather than the wide one: where the top bar turns compact. */
export const phoneViewportQuery = compactNavigationQuery;

/**
 * The page's markup for each assumed screen, the CSS both need, and the script that hydrates it: the app's
 * (index.html's entry, which waits for the route modules), or for a marketing page the islands' entry.
 */
export type RenderedPage = {
  html: Record<AssumedViewport, string>;
  styleTags: string;
  routeModules: string[];
  /** The islands' entry (as Vite's manifest names it) with the modules it needs; undefined for the app's. */
  islandModules?: string[];
};

export async function renderPage(path: string): Promise<RenderedPage> {
  // The footer's status line is rendered as loaded (and still checking), not as its Suspense fallback.
  await Promise.all([LiveServiceStatus.preload(), preloadRoutesOf(path)]);

  // The browser's emotion cache uses the same key, so it adopts these styles instead of inserting them again.
  const cache = createCache({ key: 'css' });
  const emotionServer = createEmotionServer(cache);
  // Each island is a root of its own, rendered as islands.tsx hydrates it; its styles go to the same cache.
  const islandNames = new Set<string>();
  const renderIsland = (name: string, island: ReactElement) => {
    islandNames.add(name);
    return renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <IslandProvider>{island}</IslandProvider>
        </CacheProvider>
      </StrictMode>,
      { identifierPrefix: `${name}-` },
    );
  };
  const withIslands = islandPaths.includes(path);
  const renderFor = (viewport: AssumedViewport) => {
    assumeViewport(viewport);
    return renderToString(
      <StrictMode>
        <CacheProvider value={cache}>
          <IslandRendererContext value={withIslands ? renderIsland : undefined}>
            <AppProvider>
              <StaticRouter location={path}>
                <AppRoutes />
              </StaticRouter>
            </AppProvider>
          </IslandRendererContext>
        </CacheProvider>
      </StrictMode>,
    );
  };
  const html = { phone: renderFor('phone'), wide: renderFor('wide') };
  const styleTags = emotionServer.constructStyleTagsFromChunks(
    emotionServer.extractCriticalToChunks(html.phone + html.wide),
  );
  return {
    html,
    styleTags,
    routeModules: routeModulesOf(path),
    islandModules: withIslands
      ? ['src/islands.tsx', ...[...islandNames].flatMap((name) => islandModulesOf(name))]
      : undefined,
  };
}

import './lib/zod-jitless.js';

import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { AppProvider } from './app/provider.js';
import { AppRoutes, preloadRoutesOf } from './app/router.js';
import { env } from './config/env.js';
import { startHydration } from './ssr/media-query.js';
import { replayPrehydrationClicks } from './ssr/prehydration-clicks.js';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element to render into');

// The server sends pre-rendered HTML for public pages (scripts/prerender.mjs); it is the page's only when
// it was rendered for this very path, without a query string the page could read.
const prerendered = root.dataset.prerendered === window.location.pathname && window.location.search === '';
if (prerendered) {
  startHydration(root.dataset.viewport === 'wide' ? 'wide' : 'phone');
  keepSiteTitleBehindPageTitle();
} else root.replaceChildren();
// The page's lazy modules are loaded first, so the first render is the page: the same as the pre-rendered
// HTML when hydrating.
await preloadRoutesOf(window.location.pathname);

/**
 * Hydrating, React adopts the page's <title> in the head as the page component's own and removes it when that
 * page is left; screens without a title of their own would then have none. Rendered from scratch, the app keeps
 * index.html's title behind the pages' titles: so it does here.
 */
function keepSiteTitleBehindPageTitle() {
  const pageTitle = document.head.querySelector('title');
  if (!pageTitle || pageTitle.textContent === env.PRODUCT_NAME) return;
  const siteTitle = document.createElement('title');
  siteTitle.textContent = env.PRODUCT_NAME;
  pageTitle.after(siteTitle);
}

const app = (
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);
// As a transition, hydration yields to the browser every few milliseconds instead of blocking it (the page
// is already on screen and readable meanwhile).
if (prerendered) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
replayPrehydrationClicks();

/**
 * Runs after `vite build` and `vite build --ssr src/ssr/render-page.tsx`: writes the HTML of each page that
 * is the same for every visitor, rendered from the app's own components with its critical CSS, to
 * dist/prerendered/<path>/index.html (the API serves it for that path; see services/api/src/http/spa.ts).
 * The browser hydrates it: the app's pages whole (src/main.tsx), the marketing pages only their interactive
 * islands (src/islands.tsx). The server bundle is removed afterwards.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';

process.env.NODE_ENV ??= 'production';

const distDir = new URL('../dist/', import.meta.url);
const ssrDir = new URL('.ssr/', distDir);
const emptyRoot = '<div id="root"></div>';
const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const modulePreload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const PRELOADS_PER_TASK = 8;

const template = await readFile(new URL('index.html', distDir), 'utf8');
if (!template.includes(emptyRoot)) throw new Error(`dist/index.html has no ${emptyRoot}`);
const entry = entryScript.exec(template)?.[1];
if (!entry) throw new Error('dist/index.html has no module entry script');
const entryPreloads = [...template.matchAll(modulePreload)].map((match) => match[1]);
const manifest = JSON.parse(await readFile(new URL('.vite/manifest.json', distDir), 'utf8'));

/** The chunks of the given modules (as Vite's manifest names them) and everything they import. */
function chunkFiles(modules) {
  const files = new Set();
  const queue = [...modules];
  const seen = new Set();
  while (queue.length > 0) {
    const key = queue.shift();
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    files.add(`/${chunk.file}`);
    queue.push(...(chunk.imports ?? []));
  }
  return [...files];
}

/**
 * The script that hydrates the page and the chunks it needs at once: the app's entry with the page's lazy
 * route chunks, or the islands' entry with its own.
 */
function scriptsOf({ routeModules, islandModules }) {
  if (islandModules) {
    const [islandsEntry] = islandModules;
    return { entry: `/${manifest[islandsEntry].file}`, preloads: chunkFiles(islandModules) };
  }
  return { entry, preloads: [...new Set([...entryPreloads, ...chunkFiles(routeModules)])] };
}

/**
 * A pre-rendered page is readable before its scripts run, so they are requested only once it has painted
 * (the paint timing API says when; a timer stands in where it is missing or the tab is hidden): otherwise,
 * with the scripts at hand (cached, or a fast network), running them and hydrating would hold up the first
 * paint. Then the entry and the chunks it needs load in parallel. Adding a modulepreload link costs the main
 * thread about half a millisecond on a desktop (Chromium starts the module's fetch as it is added), a few times
 * that on a phone: the page's dozens are added a few per task, so that none of those tasks holds up input, and
 * the entry with the last of them.
 */
function scriptsAfterFirstPaint({ entry, preloads }) {
  return `<script>(function () {
  var requested = false;
  function requestScripts() {
    if (requested) return;
    requested = true;
    var preloads = ${JSON.stringify(preloads)};
    (function preloadFrom(first) {
      preloads.slice(first, first + ${PRELOADS_PER_TASK}).forEach(function (href) { var l = document.createElement('link'); l.rel = 'modulepreload'; l.crossOrigin = ''; l.href = href; document.head.appendChild(l); });
      if (first + ${PRELOADS_PER_TASK} < preloads.length) setTimeout(function () { preloadFrom(first + ${PRELOADS_PER_TASK}); });
      else { var s = document.createElement('script'); s.type = 'module'; s.crossOrigin = ''; s.src = ${JSON.stringify(entry)}; document.head.appendChild(s); }
    })(0);
  }
  try {
    new PerformanceObserver(function (entries, observer) {
      if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(requestScripts);
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    requestAnimationFrame(function () { setTimeout(requestScripts); });
  }
  setTimeout(requestScripts, 2000);
})();</script>`;
}

/**
 * Clicks on buttons before the app has hydrated would be lost, and a form would submit itself natively (its
 * fields in the URL): until main.tsx (or islands.tsx) calls window.__replayPrehydrationClicks, submits are
 * held back and button clicks kept, to be replayed once React listens. A button is a <button> or anything
 * with the button role (MUI's list item buttons, the sidebar's Log out among them, are <div role="button">).
 */
const clicksBeforeHydration = `<script>(function () {
  var clicked = [];
  function keepClick(event) { var button = event.target instanceof Element && event.target.closest('button, [role="button"]'); if (button) clicked.push(button); }
  function holdSubmit(event) { event.preventDefault(); }
  document.addEventListener('click', keepClick, true);
  document.addEventListener('submit', holdSubmit, true);
  window.__replayPrehydrationClicks = function () {
    document.removeEventListener('click', keepClick, true);
    document.removeEventListener('submit', holdSubmit, true);
    clicked.forEach(function (button) { if (button.isConnected) button.click(); });
  };
})();</script>`;

/** The phone rendering is in #root; on a wider screen, the wide one replaces it before the first paint. */
function rootFor(path, html, phoneViewportQuery) {
  return `<div id="root" data-prerendered="${path}" data-viewport="phone">${html.phone}</div><template id="prerendered-wide">${html.wide}</template><script>(function () {
  if (matchMedia(${JSON.stringify(phoneViewportQuery)}).matches) return;
  var root = document.getElementById('root');
  root.replaceChildren(document.getElementById('prerendered-wide').content);
  root.dataset.viewport = 'wide';
})();</script>`;
}

async function writePage(path, html) {
  const directory = new URL(`prerendered${path === '/' ? '' : path}/`, distDir);
  await mkdir(directory, { recursive: true });
  await writeFile(new URL('index.html', directory), html);
}

const { prerenderedPaths, renderPage, phoneViewportQuery } = await import(
  new URL('render-page.js', ssrDir).href
);
const leadingTitle = /^<title>[^<]*<\/title>/;
for (const path of prerenderedPaths) {
  const rendered = await renderPage(path);
  const { styleTags } = rendered;
  // React renders a page's <title> ahead of its markup; it belongs in the head, in place of the default.
  const title = leadingTitle.exec(rendered.html.phone)?.[0];
  const html = {
    phone: rendered.html.phone.replace(leadingTitle, ''),
    wide: rendered.html.wide.replace(leadingTitle, ''),
  };
  // Replacements are given as functions: a page's text may hold "$&" or "$$", which a replacement string
  // would read as patterns.
  await writePage(
    path,
    template
      .replace(/<title>[^<]*<\/title>/, (defaultTitle) => title ?? defaultTitle)
      .replace(entryScript, '')
      .replace(modulePreload, '')
      .replace(
        '</head>',
        () => `${styleTags}${clicksBeforeHydration}${scriptsAfterFirstPaint(scriptsOf(rendered))}</head>`,
      )
      .replace(emptyRoot, () => rootFor(path, html, phoneViewportQuery)),
  );
}

await rm(ssrDir, { recursive: true, force: true });
console.log(`Pre-rendered ${prerenderedPaths.length} pages into dist/prerendered/`);

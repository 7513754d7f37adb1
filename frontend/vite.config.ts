import react from '@vitejs/plugin-react';
import { visualizer } from 'rollup-plugin-visualizer';
import { dirname, join } from 'node:path';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

import { reactRouterTreeShaking } from './build/react-router-tree-shaking.js';

/**
 * MUI's createTheme imports both its theme builders, the plain one and the one with CSS variables, and picks
 * one at run time, so the second and its helpers (about 5 KB gzip) ride along in the framework chunk of every
 * page. For options without `cssVariables` or `colorSchemes`, which is every theme here (MUI's default theme
 * and ours), createTheme returns createThemeNoVars(options) and nothing else; so the two modules that build
 * those themes, MUI's default theme and the styles index the app imports createTheme from, get
 * createThemeNoVars itself. src/app/__tests__/themes.spec.tsx checks the results are the same.
 */
function muiThemesWithoutCssVariables(): Plugin {
  const muiStyles = /[\\/]@mui[\\/]material[\\/]styles[\\/](defaultTheme|index)\.mjs$/;
  return {
    name: 'mui-themes-without-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== './createTheme.mjs' || !importer || !muiStyles.test(importer)) return null;
      return join(dirname(importer), 'createThemeNoVars.mjs');
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    muiThemesWithoutCssVariables(),
    reactRouterTreeShaking(),
    // What each chunk holds, by module and gzip size: dist/bundle-report.html (not for the pre-render's bundle).
    ...(isSsrBuild
      ? []
      : [visualizer({ filename: 'dist/bundle-report.html', template: 'treemap', gzipSize: true })]),
  ],
  resolve: {
    // Workspace packages are consumed as TypeScript source, never from their build output.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    // The islands' entry (src/islands.tsx) runs only on pre-rendered pages, whose HTML already preloads every
    // chunk its islands load (scripts/prerender.mjs): its dynamic imports need no lists of their own.
    modulePreload: {
      // The browsers the site supports preload modules themselves (Chrome 66, Firefox 115, Safari 17); elsewhere
      // a chunk's imports still load, only later. The polyfill was 0.2 KB of every first visit.
      polyfill: false,
      resolveDependencies: (_file, dependencies, { hostId }) =>
        /(^|\/)islands-[\w-]+\.js$/.test(hostId) ? [] : dependencies,
    },
    // The manifest lets `npm run bench:web` weigh the chunks a route loads, and the pre-render preload them.
    manifest: true,
    // The app (index.html) and the islands of the pre-rendered marketing pages (src/islands.tsx).
    rolldownOptions: isSsrBuild
      ? {}
      : {
          input: ['index.html', 'src/islands.tsx'],
          // React, emotion and MUI's core as the entries load them at once: one chunk rather than dozens of
          // small shared ones, each with its own imports and exports (a few KB of gzip on a first visit).
          output: {
            // Chunks are named by their hash alone: the entry lists every chunk a lazy route preloads (some 190
            // names) and each chunk names those it imports, so module names in file names cost 2.4 KB gzip on the
            // dashboard's first visit. The build's manifest (.vite/manifest.json) and the bundle report give each
            // file's modules; `npm run bench:web` prints them.
            chunkFileNames: 'assets/[hash].js',
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@emotion[\\/][^\\/]+|stylis|hoist-non-react-statics|react-is|@mui[\\/](system|utils|private-theming|styled-engine|material))[\\/]/,
                  tags: ['$initial'],
                },
                // react-query whole, as every area of the app uses it: one chunk instead of six shared ones
                // (2.7 KB less on /dashboard's first visit).
                {
                  name: 'react-query',
                  test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
                },
                // The router, which only the app loads (never the marketing pages' islands), under a name of its own.
                {
                  name: 'react-router',
                  test: /node_modules[\\/]react-router(-dom)?[\\/]/,
                },
              ],
            },
          },
        },
  },
  // The build-time renderer (src/ssr/render-page.tsx) is bundled whole, so Node never resolves the UI
  // libraries' browser-oriented ESM itself.
  ssr: {
    noExternal: true,
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));

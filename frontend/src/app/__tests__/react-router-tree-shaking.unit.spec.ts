import { describe, expect, it } from '@jest/globals';
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { rolldown, type RolldownPlugin } from 'rolldown';

import {
  reactRouterModule,
  reactRouterTreeShaking,
  reactRouterWithoutUnreachedComponents,
} from '../../../build/react-router-tree-shaking.js';

const require = createRequire(import.meta.url);
/** The module the build resolves `react-router` to (its exports name the development build for every import). */
const reactRouterEntry = require.resolve('react-router').replace(/index\.js$/, 'index.mjs');

/** What the app takes from react-router, bundled and minified as the build does, with or without the plugin. */
async function bundleOfAppImports(plugins: RolldownPlugin[]): Promise<string> {
  const entry =
    "export { BrowserRouter, matchRoutes, Navigate, Outlet, useHref, useLinkClickHandler, useLocation, useNavigate, useNavigationType, useParams, useRoutes, useSearchParams } from 'react-router-dom';";
  const bundle = await rolldown({
    input: 'app-imports',
    external: ['react', 'react-dom'],
    onLog: () => undefined,
    plugins: [
      {
        name: 'app-imports',
        resolveId: (id) => (id === 'app-imports' ? id : null),
        load: (id) => (id === 'app-imports' ? entry : null),
      },
      ...plugins,
    ],
  });
  const { output } = await bundle.generate({ format: 'esm', minify: true, sourcemapIgnoreList: false });
  await bundle.close();
  return output[0].code;
}

/** Code that only Form (useFormAction), NavLink and the view-transition hook hold. */
const unreached = [/useFormAction must be used/, /NavLink/, /useViewTransitionState/];

describe('react-router without the components the app does not reach', () => {
  it('Given react-router as published, When the build bundles what the app imports, Then only with the plugin is Form, NavLink and their code left out', async () => {
    const without = await bundleOfAppImports([]);
    const withPlugin = await bundleOfAppImports([reactRouterTreeShaking() as RolldownPlugin]);

    for (const code of unreached) {
      expect(without).toMatch(code);
      expect(withPlugin).not.toMatch(code);
    }
    expect(withPlugin.length).toBeLessThan(without.length * 0.9);
    // What the app uses is still there.
    expect(withPlugin).toMatch(/useRoutes\(\) may be used only in the context of a <Router> component/);
  });

  it('Given the module the build resolves, When transformed, Then every top-level component and context is marked pure and no name assignment is left, and nothing else changes', async () => {
    const directory = dirname(reactRouterEntry);
    const modules = (await readdir(directory)).filter((name) => name.endsWith('.mjs'));
    const sources = await Promise.all(modules.map((name) => readFile(join(directory, name), 'utf8')));
    const source = sources.join('\n');
    expect(modules.every((name) => reactRouterModule.test(join(directory, name)))).toBe(true);

    const transformed = reactRouterWithoutUnreachedComponents(source);

    const topLevelCalls = source.match(/^var \w+ = React\d*\.(forwardRef|createContext)\(/gm) ?? [];
    const markedCalls =
      transformed.match(/^var \w+ = \/\* @__PURE__ \*\/ React\d*\.(forwardRef|createContext)\(/gm) ?? [];
    expect(topLevelCalls.length).toBeGreaterThan(10);
    expect(markedCalls).toHaveLength(topLevelCalls.length);
    expect(transformed).not.toMatch(/^\w+\.displayName = /m);
    const unmarked = transformed.replace(
      /^(var \w+ = )\/\* @__PURE__ \*\/ (React\d*\.(?:forwardRef|createContext)\()/gm,
      '$1$2',
    );
    expect(unmarked).toBe(source.replace(/^\w+\.displayName = "[^"\n]*";\n/gm, ''));
  });
});

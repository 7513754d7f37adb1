import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { rolldown, type OutputChunk } from 'rolldown';

import { firstVisitChunks } from '../../../build/first-visit-chunks.js';

const root = '/app';
/** A small app shaped like ours: two entries, the dashboard's lazy layout and home, and other screens. */
const sources: Record<string, string> = {
  // As the app's entry does, it awaits the page's lazy modules at its top level before it renders.
  'src/main.tsx': `
    import { route } from './router.ts';
    import { frame } from './frame.ts';
    const [{ layout }, { home }] = await Promise.all([import('./layout.tsx'), import('./home.tsx')]);
    export const started = [route, frame, layout, home].join(' ');
    export const screens = [() => import('./deposit.tsx')];`,
  'src/islands.tsx': `
    import { frame } from './frame.ts';
    export const islands = [frame, () => import('./sign-in.tsx')];`,
  'src/router.ts': `export const route = 'router';`,
  'src/frame.ts': `export const frame = 'frame';`,
  'src/sign-in.tsx': `import { paper } from './paper.ts'; export const signIn = paper + ' sign-in';`,
  'src/paper.ts': `export const paper = 'paper';`,
  'src/layout.tsx': `import { shell } from './shell.ts'; import { route } from './router.ts'; export const layout = shell + route;`,
  'src/shell.ts': `export const shell = 'shell';`,
  'src/home.tsx': `import { cards } from './cards.ts'; import { paper } from './paper.ts'; import { figure } from './figure.ts';
    export const home = cards + paper + figure;`,
  'src/figure.ts': `export const figure = 'figure';`,
  'src/cards.ts': `export const cards = 'cards';`,
  'src/deposit.tsx': `import { cards } from './cards.ts'; export const deposit = cards + ' deposit';`,
};
const at = (path: string) => `${root}/${path}`;
const relative = (id: string) => id.slice(root.length + 1);

async function build() {
  const firstVisit = firstVisitChunks(root, {
    appEntry: 'src/main.tsx',
    islandsEntry: 'src/islands.tsx',
    memberFirstVisit: ['src/layout.tsx', 'src/home.tsx'],
  });
  const inGroup = (group: Set<string>) => ({
    test: (id: string) => group.has(id),
    includeDependenciesRecursively: false,
  });
  const bundle = await rolldown({
    input: { index: at('src/main.tsx'), islands: at('src/islands.tsx') },
    onLog: () => undefined,
    plugins: [
      {
        name: 'sources',
        resolveId: (source, importer) =>
          importer ? at(`src/${source.replace('./', '')}`) : source.startsWith(root) ? source : null,
        load: (id) => sources[relative(id)] ?? null,
      },
      firstVisit.plugin as never,
    ],
  });
  const dir = await mkdtemp(join(tmpdir(), 'ls-first-visit-'));
  const { output } = await bundle.write({
    dir,
    format: 'esm',
    sourcemapIgnoreList: false,
    codeSplitting: {
      groups: [
        { name: 'app', ...inGroup(firstVisit.groups.app) },
        { name: 'member-shared', ...inGroup(firstVisit.groups.memberShared) },
        { name: 'member', ...inGroup(firstVisit.groups.member) },
      ],
    },
  });
  await bundle.close();
  const chunks = output.filter((file): file is OutputChunk => file.type === 'chunk');
  const sorted = (ids: Iterable<string>) => [...ids].map(relative).sort();
  return { groups: firstVisit.groups, chunks, sorted, dir };
}

describe("the dashboard's first visit in three chunks", () => {
  it('sorts the modules: the entry’s, those other screens share, and the dashboard’s own', async () => {
    const { groups, sorted } = await build();
    expect(sorted(groups.app)).toEqual(['src/router.ts']);
    expect(sorted(groups.memberShared)).toEqual(['src/cards.ts']);
    expect(sorted(groups.member)).toEqual([
      'src/figure.ts',
      'src/home.tsx',
      'src/layout.tsx',
      'src/shell.ts',
    ]);
  });

  it('loads the first visit in the three, leaving what the pre-rendered pages load where it was', async () => {
    const { chunks, groups } = await build();
    const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
    const holding = (module: string) => chunks.find((chunk) => chunk.moduleIds.includes(at(module)));
    /** The chunks a visit loads, starting from the chunks of these modules, by their static imports. */
    const loadedFrom = (...modules: string[]) => {
      const loaded = new Set<OutputChunk>();
      const visit = (chunk: OutputChunk | undefined) => {
        if (!chunk || loaded.has(chunk)) return;
        loaded.add(chunk);
        for (const file of chunk.imports) visit(byFile.get(file));
      };
      for (const module of modules) visit(holding(module));
      return [...loaded].map((chunk) =>
        chunk.moduleIds
          .filter((id) => id.startsWith(root))
          .map(relative)
          .sort(),
      );
    };

    // The entry stays alone in its chunk, the layout and home come in one chunk, and what the islands use too
    // (the frame, the paper) stays in chunks of its own.
    expect(loadedFrom('src/main.tsx', 'src/layout.tsx', 'src/home.tsx').sort()).toEqual([
      ['src/cards.ts'],
      ['src/figure.ts', 'src/home.tsx', 'src/layout.tsx', 'src/shell.ts'],
      ['src/frame.ts'],
      ['src/main.tsx'],
      ['src/paper.ts'],
      ['src/router.ts'],
    ]);
    // A pre-rendered page with its sign-in island loads no module of the groups.
    const grouped = new Set([...groups.app, ...groups.memberShared, ...groups.member].map(relative));
    const islandPage = loadedFrom('src/islands.tsx', 'src/sign-in.tsx').flat();
    expect(islandPage.sort()).toEqual(['src/frame.ts', 'src/islands.tsx', 'src/paper.ts', 'src/sign-in.tsx']);
    expect(islandPage.filter((module) => grouped.has(module))).toEqual([]);
  });

  it('starts: the entry, awaiting the lazy layout and home, is not in a chunk they import', async () => {
    const { dir } = await build();
    try {
      const entry = pathToFileURL(join(dir, 'index.js')).href;
      // A lazy module importing from the chunk of the entry, still evaluating, would wait forever.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['--input-type=module', '-e', `console.log((await import(${JSON.stringify(entry)})).started)`],
        { timeout: 10_000 },
      );
      expect(stdout.trim()).toBe('router frame shellrouter cardspaperfigure');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

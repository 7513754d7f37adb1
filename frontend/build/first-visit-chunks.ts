import { resolve } from 'node:path';
import type { Plugin } from 'vite';

function reach(roots: Iterable<string>, next: (id: string) => readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...next(id));
  }
  return seen;
}

/** The modules of the member dashboard's first visit, by the chunk each goes to (see firstVisitChunks). */
export type FirstVisitGroups = {
  /** What the app's entry loads at once (the router, the app's frame), beyond the framework chunk and itself. */
  app: Set<string>;
  /** What the dashboard's layout and home share with other screens of the app. */
  memberShared: Set<string>;
  /** What only the dashboard's layout and home use. */
  member: Set<string>;
};

export type FirstVisitOptions = {
  /** Paths relative to the project's root. */
  appEntry: string;
  islandsEntry: string;
  /** The lazy modules a first visit to /dashboard loads besides the app's entry. */
  memberFirstVisit: string[];
};

/**
 * A first visit to /dashboard loaded some 60 files, most of a few hundred bytes, each gzipped on its own and
 * each with its own imports and exports. This sorts the modules it loads into three groups, a chunk each
 * (the config's codeSplitting groups, after the framework and react-query ones, which keep theirs).
 *
 * A module the pre-rendered pages may load (whatever the islands' entry reaches, at once or later) is left
 * where it was, so those pages load what they did. The groups take no module's imports along with it: none
 * is needed, as no chunk can import from one of these it does not depend on. The islands' modules import
 * only islands' modules; the app's entry's only the app's entry's; and a module other screens share imports
 * only modules other screens share. So `member` may import from `memberShared` and `app`, `memberShared`
 * from `app`, and none of the three from a later one.
 *
 * The entry module itself stays in the entry's chunk: it awaits the page's lazy modules at its top level, and
 * a lazy module importing from the chunk of a module still evaluating would wait for it forever.
 */
export function firstVisitChunks(root: string, options: FirstVisitOptions) {
  const groups: FirstVisitGroups = { app: new Set(), memberShared: new Set(), member: new Set() };
  const at = (path: string) => resolve(root, path);
  const plugin: Plugin = {
    name: 'first-visit-chunks',
    apply: 'build',
    buildEnd() {
      const imports = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const dynamicImports = (id: string) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [];
      const islandPages = reach([at(options.islandsEntry)], (id) => [...imports(id), ...dynamicImports(id)]);
      const entry = at(options.appEntry);
      const appEntry = reach([entry], imports);
      const memberRoots = options.memberFirstVisit.map(at);
      const otherScreens = new Set([...this.getModuleIds()].flatMap(dynamicImports));
      for (const id of memberRoots) otherScreens.delete(id);
      const sharedWithOtherScreens = reach(otherScreens, imports);

      for (const id of appEntry) if (!islandPages.has(id) && id !== entry) groups.app.add(id);
      for (const id of reach(memberRoots, imports)) {
        if (islandPages.has(id) || appEntry.has(id)) continue;
        (sharedWithOtherScreens.has(id) ? groups.memberShared : groups.member).add(id);
      }
    },
  };
  return { plugin, groups };
}

import { describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readBuildManifest } from '../../testing/build-manifest.js';

const frontendDir = fileURLToPath(new URL('../../../', import.meta.url));
const manifest = readBuildManifest();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(join(dir, entry.name));
    return /\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : [];
  });
}

/** The chunks a manifest entry loads at once: itself and what it imports, transitively. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

// The error boundary stays in the entry: it must be there when a screen's chunk fails to load.
const alwaysLoaded = new Set(['src/app/routes/route-error.tsx']);
const screens = sourceFiles(join(frontendDir, 'src/app/routes'))
  .map((file) => relative(frontendDir, file))
  .filter((file) => !alwaysLoaded.has(file));

describe('the app’s screens', () => {
  it('finds the screens to check', () => {
    expect(screens).toContain('src/app/routes/not-found.tsx');
    expect(screens).toContain('src/app/routes/dashboard/home.tsx');
  });

  it.each(screens)('loads %s when it is shown: a chunk of its own, outside the entry’s', (screen) => {
    expect(manifest[screen]?.isDynamicEntry).toBe(true);
    expect(staticClosure('index.html').has(screen)).toBe(false);
  });
});

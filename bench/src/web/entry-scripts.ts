import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type ScriptSize = { file: string; bytes: number; gzipBytes: number };

const staticImport = /(?:import|export)\s*(?:[\w${}*,\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

async function scriptSize(distDir: string, file: string): Promise<ScriptSize> {
  const code = await readFile(join(distDir, file));
  return { file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** Every script the built index.html loads before the first paint: its module entry, its preloads, and their static imports. */
export async function entryScripts(distDir: string): Promise<ScriptSize[]> {
  const html = await readFile(join(distDir, 'index.html'), 'utf8');
  const roots = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map((match) => (match[1] ?? '').replace(/^\//, ''));

  const seen = new Set<string>();
  const sizes: ScriptSize[] = [];
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === undefined || seen.has(file)) continue;
    seen.add(file);
    const size = await scriptSize(distDir, file);
    sizes.push(size);
    const code = await readFile(join(distDir, file));
    const directory = file.slice(0, file.lastIndexOf('/') + 1);
    for (const [, relative] of code.toString('utf8').matchAll(staticImport)) {
      queue.push(new URL(relative ?? '', `http://x/${directory}`).pathname.slice(1));
    }
  }
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

type ManifestChunk = { file: string; imports?: string[] };

/**
 * What a visit to a lazily loaded route costs: the entry scripts plus the chunks of the given route modules
 * (source paths relative to frontend/, as Vite's manifest names them) and everything they import statically.
 */
export async function routeScripts(distDir: string, routeModules: readonly string[]): Promise<ScriptSize[]> {
  const manifest = JSON.parse(await readFile(join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const sizes = await entryScripts(distDir);
  const seen = new Set(sizes.map((size) => size.file));
  const queue = [...routeModules];
  const visited = new Set<string>();
  while (queue.length > 0) {
    const key = queue.shift();
    if (key === undefined || visited.has(key)) continue;
    visited.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (!seen.has(chunk.file)) {
      seen.add(chunk.file);
      sizes.push(await scriptSize(distDir, chunk.file));
    }
    queue.push(...(chunk.imports ?? []));
  }
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

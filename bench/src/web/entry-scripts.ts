import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type ScriptSize = { file: string; bytes: number; gzipBytes: number };

const staticImport = /(?:import|export)\s*(?:[\w${}*,\s]+from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g;

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
    const code = await readFile(join(distDir, file));
    sizes.push({ file, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length });
    const directory = file.slice(0, file.lastIndexOf('/') + 1);
    for (const [, relative] of code.toString('utf8').matchAll(staticImport)) {
      queue.push(new URL(relative ?? '', `http://x/${directory}`).pathname.slice(1));
    }
  }
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

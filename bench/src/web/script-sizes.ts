import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** A built script: its URL path, the name of the chunk it is (from the build's manifest) and its sizes. */
export type ScriptSize = { file: string; chunk: string; bytes: number; gzipBytes: number };

type Manifest = Record<string, { file: string; name?: string }>;

/** Chunk names by URL path: chunk files are named by their hash alone (see frontend/vite.config.ts). */
async function chunkNames(distDir: string): Promise<Map<string, string>> {
  const text = await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8').catch(() => '{}');
  const manifest = JSON.parse(text) as Manifest;
  return new Map(Object.values(manifest).map((chunk) => [`/${chunk.file}`, chunk.name ?? '']));
}

/** The size and gzip size (level 9) of each built script, given by its URL path, largest first. */
export async function scriptSizes(distDir: string, paths: readonly string[]): Promise<ScriptSize[]> {
  const names = await chunkNames(distDir);
  const sizes = await Promise.all(
    paths.map(async (path) => {
      const code = await readFile(join(distDir, path.replace(/^\//, '')));
      const gzipBytes = gzipSync(code, { level: 9 }).length;
      return { file: path, chunk: names.get(path) ?? '', bytes: code.length, gzipBytes };
    }),
  );
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

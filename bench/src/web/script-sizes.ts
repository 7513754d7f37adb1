import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export type ScriptSize = { file: string; bytes: number; gzipBytes: number };

/** The size and gzip size (level 9) of each built script, given by its URL path, largest first. */
export async function scriptSizes(distDir: string, paths: readonly string[]): Promise<ScriptSize[]> {
  const sizes = await Promise.all(
    paths.map(async (path) => {
      const code = await readFile(join(distDir, path.replace(/^\//, '')));
      return { file: path, bytes: code.length, gzipBytes: gzipSync(code, { level: 9 }).length };
    }),
  );
  return sizes.sort((a, b) => b.gzipBytes - a.gzipBytes);
}

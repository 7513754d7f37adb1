import { readFileSync } from 'node:fs';

/** The web build's output (frontend/dist/): tests reading it need `npm run build` first, as `npm test` does. */
export const distDir = new URL('../../dist/', import.meta.url);

/** A chunk as Vite's manifest describes it, by source module (or `_<file>` for a shared chunk). */
export type ManifestChunk = { file: string; name?: string; isDynamicEntry?: boolean; imports?: string[] };

/** The build's manifest (dist/.vite/manifest.json): which file each chunk was written to, and what it imports. */
export function readBuildManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(new URL('.vite/manifest.json', distDir), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

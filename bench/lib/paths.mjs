// Where things are, relative to the repository root.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const serverEntry = path.join(repoRoot, 'apps/server/dist/main.js');
export const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');
export const resultsDir = path.join(repoRoot, 'bench/results');

/** True when `metaUrl` is the module node was started with (`node bench/x/run.mjs`). */
export function isMain(metaUrl) {
  return Boolean(process.argv[1]) && fileURLToPath(metaUrl) === path.resolve(process.argv[1]);
}

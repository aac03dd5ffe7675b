// The server's own search-text functions (apps/server/src/modules/cms/search/bigrams.ts), bundled in
// memory by esbuild, so that articles seeded straight into the database carry exactly the search text
// the back office would store.
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot } from './paths.mjs';

/** `{ searchTextOf, plainTextOf, … }` as the server exports them. */
export async function loadBigrams() {
  const out = await build({
    entryPoints: [path.join(repoRoot, 'apps/server/src/modules/cms/search/bigrams.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'warning',
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

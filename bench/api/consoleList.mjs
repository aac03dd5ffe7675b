// The console's article list (POST /rest/content/getContentPage, default page) as the SQL the server
// sends for it — not written by hand but captured from the server's own repository code
// (apps/server/src/modules/cms/content/repo.ts), bundled by esbuild and run once through Drizzle's
// proxy driver, which hands every statement and its parameters to us before we run it. The bare
// baseline then replays exactly these statements, so (c) and (d) ask the database the same thing.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { repoRoot, resultsDir } from '../lib/paths.mjs';

export const CONSOLE_LIST_PATH = '/rest/content/getContentPage';
/** The list as the console opens it: no filter, page 1 of 10. */
export const CONSOLE_LIST_BODY = { pageParameter: { pageNum: 1, pageSize: 10 } };
/** apps/server/src/core/pagination.ts: totals above this are the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;

const ENTRY = `
import { drizzle } from 'drizzle-orm/pg-proxy';
import { contentRepo } from './repo.ts';
export async function capture(run) {
  const statements = [];
  const db = drizzle(async (sql, params, method) => {
    statements.push({ sql, params, method });
    return run(sql, params, method);
  });
  const page = await contentRepo.page(db, { catalogIds: null }, { pageNum: 1, pageSize: 10 });
  return { statements, total: page.total, ids: page.list.map((r) => String(r.row.id)) };
}
`;

/**
 * Runs the server's list query once on `engine` through `rawQuery(text, params, arrayMode)` and answers
 * the statements it sent (in order: page, count, and the estimate when the count reached its limit),
 * the total and the page's ids.
 */
export async function captureConsoleListSql(rawQuery) {
  const out = await build({
    stdin: { contents: ENTRY, resolveDir: path.join(repoRoot, 'apps/server/src/modules/cms/content'), sourcefile: 'bench-console-list.ts', loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    // Packages stay imports (resolved from node_modules when the file is loaded); our workspace
    // packages are TypeScript sources and are bundled.
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@dandelion/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
    write: false,
    logLevel: 'warning',
  });
  // Written beside node_modules' resolution root so that the external packages resolve.
  fs.mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, '.console-list-capture.mjs');
  fs.writeFileSync(file, out.outputFiles[0].text);
  try {
    const { capture } = await import(`${file}?t=${Date.now()}`);
    return await capture(async (sql, params, method) => ({ rows: (await rawQuery(sql, params, method === 'all')).rows }));
  } finally {
    fs.rmSync(file, { force: true });
  }
}

// Baselines (c) and (e): a bare Fastify app — no plugins, no validation, no session, no envelope,
// default logger off — whose POST handlers run the same SQL as the real calls:
//   /rest/content/queryClientListByPage  the portal list's four statements (queries.mjs)
//   /rest/content/getContentPage          the console list's statements, captured from the server's
//                                         own repository code (consoleList.mjs) and replayed verbatim
// Run as a child of bench/api/run.mjs. Environment:
//   BENCH_ENGINE=pglite  BENCH_PGDATA=<a copy of a server's DATA_DIR/pgdata>
//   BENCH_ENGINE=postgres BENCH_DATABASE_URL=<url>  BENCH_POOL_MAX=<same as the server's pool>
//   BENCH_PORT=<port>  BENCH_CONSOLE_SQL=<JSON file of the captured statements>
// Tells the parent { ready: true } over IPC once it listens; SIGTERM closes it cleanly.
import fs from 'node:fs';
import Fastify from 'fastify';
import { listByCatalog } from './queries.mjs';

const engine = process.env.BENCH_ENGINE;
let query;
let closeDb;
if (engine === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite');
  // The schema's trigram indexes need pg_trgm loaded, as the server loads it (core/db.ts).
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = new PGlite(process.env.BENCH_PGDATA, { extensions: { pg_trgm } });
  await db.waitReady;
  query = (text, params) => db.query(text, params);
  closeDb = () => db.close();
} else if (engine === 'postgres') {
  const { default: pg } = await import('pg');
  const pool = new pg.Pool({
    connectionString: process.env.BENCH_DATABASE_URL,
    max: Number(process.env.BENCH_POOL_MAX ?? 10),
    application_name: 'dandelion-bench-bare',
  });
  pool.on('error', () => {});
  query = (text, params) => pool.query(text, params);
  closeDb = () => pool.end();
} else {
  throw new Error(`BENCH_ENGINE must be pglite or postgres, not ${engine}`);
}

const app = Fastify();
app.post('/rest/content/queryClientListByPage', async (request, reply) => {
  const { catalogCode, pageParameter } = request.body;
  const page = await listByCatalog(query, catalogCode, pageParameter);
  if (!page) return reply.code(404).send({ message: 'not found' });
  return page;
});

// The captured statements: the page, the count that stops at its limit, and (when the count reached it)
// the planner's estimate — page and count at once, as paginate() runs them.
const captured = JSON.parse(fs.readFileSync(process.env.BENCH_CONSOLE_SQL, 'utf8'));
const estimateSql = captured.find((st) => /^explain/i.test(st.sql));
const countSql = captured.find((st) => st !== estimateSql && /count\(/i.test(st.sql));
const pageSql = captured.find((st) => st !== estimateSql && st !== countSql);
if (!pageSql || !countSql || captured.length !== (estimateSql ? 3 : 2)) throw new Error(`unexpected console list statements: ${captured.map((st) => st.sql).join(' | ')}`);
app.post('/rest/content/getContentPage', async () => {
  const [page, total] = await Promise.all([
    query(pageSql.sql, pageSql.params),
    query(countSql.sql, countSql.params).then(async ({ rows }) => {
      const counted = Number(Object.values(rows[0])[0]);
      if (!estimateSql) return counted;
      const plan = (await query(estimateSql.sql, estimateSql.params)).rows[0];
      const document = Object.values(plan)[0];
      return Math.max(counted, Math.round((typeof document === 'string' ? JSON.parse(document) : document)[0].Plan['Plan Rows']));
    }),
  ]);
  return { list: page.rows, total };
});

let stopping = false;
process.once('SIGTERM', async () => {
  if (stopping) return;
  stopping = true;
  await app.close();
  await closeDb();
  process.exit(0);
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT) });
process.send?.({ ready: true });

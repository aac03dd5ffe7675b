// Baseline (c): a bare Fastify app — no plugins, no validation, no envelope, default logger off —
// whose one POST handler runs the same four SQL statements as the real call.
// Run as a child of bench/api/run.mjs. Environment:
//   BENCH_ENGINE=pglite  BENCH_PGDATA=<a copy of a server's DATA_DIR/pgdata>
//   BENCH_ENGINE=postgres BENCH_DATABASE_URL=<url>  BENCH_POOL_MAX=<same as the server's pool>
//   BENCH_PORT=<port>
// Tells the parent { ready: true } over IPC once it listens; SIGTERM closes it cleanly.
import Fastify from 'fastify';
import { listByCatalog } from './queries.mjs';

const engine = process.env.BENCH_ENGINE;
let query;
let closeDb;
if (engine === 'pglite') {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(process.env.BENCH_PGDATA);
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

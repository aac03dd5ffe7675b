import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { migrationsFolder } from './paths';
import { clientForDrizzle } from './pgliteClient';

/**
 * The one database type modules see; the driver underneath is PGlite or node-postgres. It carries no
 * table list: each module imports its own tables, and core knows none of them.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * The embedded database's data directory as a gzipped tarball, taken between two statements after a
   * checkpoint (what `npm run backup` stores while the server runs). PostgreSQL has pg_dump instead.
   */
  snapshot?: () => Promise<Blob>;
  /** Runs `fn` while holding a cluster-wide lock, so that only one instance migrates or seeds at a time. */
  withStartupLock<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Night-time upkeep: PGlite has no autovacuum, so it is vacuumed and analysed here (dead rows
   * reused, the planner's row estimates — which big lists show as 约 N 条 — kept true); PostgreSQL's
   * autovacuum does the vacuuming, so it is only analysed. Answers what was done, for the task's log.
   */
  maintain(): Promise<string>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string } // dataDir undefined → in memory
  | { kind: 'postgres'; url: string; poolMax: number };

/**
 * The embedded database's buffer pool. PGlite's default (128 MB) sits inside the process's WebAssembly
 * memory and is touched at start, so the server idled at ~440 MB; PGlite reads its files through the
 * operating system, whose page cache already keeps hot pages, so a second large cache in the process
 * buys little (docs/embedded-memory.md has the measurements).
 */
export const EMBEDDED_SHARED_BUFFERS = '32MB';
/**
 * Extensions the schema uses, loaded into PGlite (PostgreSQL has them installed): pg_trgm's GIN indexes
 * serve the console lists' "contains" filters (migration 0033, docs/lists-at-scale.md). Whoever opens
 * the embedded data directory must load them, or any statement on an indexed table fails.
 */
export const EMBEDDED_EXTENSIONS = { pg_trgm };
const EMBEDDED_OPTIONS = {
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
  extensions: EMBEDDED_EXTENSIONS,
};

// Arbitrary constant shared by every instance: the advisory-lock key for start-up work.
const STARTUP_LOCK_KEY = 724_160_301;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'pglite') {
    const client = target.dataDir ? await PGlite.create(target.dataDir, EMBEDDED_OPTIONS) : await PGlite.create(EMBEDDED_OPTIONS);
    const db = drizzlePglite(clientForDrizzle(client)) as unknown as Db;
    return {
      db,
      kind: 'pglite',
      // PGlite is one process and one connection: there is nobody to race with.
      withStartupLock: (fn) => fn(db),
      migrate: async () => {
        await migratePglite(db as never, { migrationsFolder });
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      maintain: async () => {
        await client.exec('VACUUM (ANALYZE)');
        return '嵌入式数据库已整理（VACUUM ANALYZE）：回收已删除行的空间并更新统计信息';
      },
      snapshot: async () => {
        await client.exec('CHECKPOINT');
        return client.dumpDataDir('gzip');
      },
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  }

  const pool = new pg.Pool({ connectionString: target.url, max: target.poolMax, application_name: 'dandelion' });
  // An idle client error (server restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A client checked out for a transaction has no pool listener between its statements: a connection that dies
  // there (database restart) would be an unhandled 'error' event and end the process. The statement waiting on it
  // fails instead (503), and the pool drops the dead client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool) as unknown as Db;
  const withStartupLock: Database['withStartupLock'] = async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await fn(drizzlePg(client) as unknown as Db);
        } finally {
          await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
        }
      } finally {
        client.release();
      }
  };
  return {
    db,
    kind: 'postgres',
    withStartupLock,
    migrate: async () => {
      await withStartupLock((locked) => migratePg(locked as never, { migrationsFolder }));
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    maintain: async () => {
      await db.execute(sql`analyze`);
      return 'PostgreSQL 统计信息已更新（ANALYZE）；空间回收由 autovacuum 负责';
    },
    close: async () => {
      await pool.end();
    },
  };
}

/**
 * Whether `db` runs on the embedded database. PGlite runs every statement on the server's own thread, so work
 * that can be split (the log writers' batches) is sent in smaller pieces there: a 200-row batch of interface-log
 * rows held the thread for a few hundred milliseconds on a busy machine (docs/framework-overhead.md).
 */
export function isEmbedded(db: Db): boolean {
  return (db as unknown as { $client?: unknown }).$client instanceof PGlite;
}

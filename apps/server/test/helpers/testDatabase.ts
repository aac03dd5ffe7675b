import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/core/db';
import { seedDatabase } from '../../src/db/seed';

/** The admin password every test database is seeded with. */
export const TEST_ADMIN_PASSWORD = 'Admin@2026!';

export type TestDbKind = 'pglite' | 'postgres';
export const testDbKind = (): TestDbKind => (process.env.TEST_DB_KIND === 'postgres' ? 'postgres' : 'pglite');

// One database per worker and kind: PGlite costs seconds to start, so files share it
// and reset its data instead (vitest runs the server project with isolate: false).
const databases = new Map<TestDbKind, Promise<Database>>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Test databases left by runs whose process has ended (and by the older per-worker naming). */
async function dropDatabasesOfEndedRuns(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'dandelion_test_%'");
  for (const { datname } of rows) {
    const match = /^dandelion_test_(\d+)_w\d+$/.exec(datname);
    if (match && isRunning(Number(match[1]))) continue;
    if (!match && !/^dandelion_test_w\d+$/.test(datname)) continue;
    // Another run may be dropping the same leftover at this moment; either way it is gone.
    await admin.query(`drop database if exists ${datname} with (force)`).catch(() => undefined);
  }
}

async function createPostgresDatabase(): Promise<Database> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  // One database per test run (the vitest main process, our parent) and worker: two runs at once
  // on one server (a developer and CI) never drop each other's database.
  const run = process.ppid;
  const name = `dandelion_test_${run}_w${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await dropDatabasesOfEndedRuns(admin);
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 5 });
}

export function testDatabase(): Promise<Database> {
  const kind = testDbKind();
  let db = databases.get(kind);
  if (!db) {
    db = (async () => {
      const database = kind === 'postgres' ? await createPostgresDatabase() : await openDatabase({ kind: 'pglite' });
      await database.migrate();
      return database;
    })();
    databases.set(kind, db);
  }
  return db;
}

/** Empties every table and seeds again: each test file starts from a new installation. */
export async function resetDatabase(database: Database): Promise<void> {
  const result = await database.db.execute<{ tablename: string }>(sql`select tablename from pg_tables where schemaname = 'public'`);
  const tables = (result as unknown as { rows: Array<{ tablename: string }> }).rows.map((r) => `"${r.tablename}"`);
  if (tables.length) await database.db.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
  await seedDatabase(database.db, { adminPassword: TEST_ADMIN_PASSWORD });
}

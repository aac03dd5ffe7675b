import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * Runs `fn(query)` on a bench engine's database directly: PGlite opened on `pgdata` (the server
 * must not be running on it) or PostgreSQL at `url`. `query(text, params, arrayMode)` answers `{ rows }`
 * (each row an array of values when `arrayMode`).
 */
export async function withDirectDb(engine, { pgdata, url }, fn, applicationName = 'dandelion-bench') {
  if (engine === 'pglite') {
    // The schema's trigram indexes need pg_trgm loaded, as the server loads it (core/db.ts).
    const db = new PGlite(pgdata, { extensions: { pg_trgm } });
    await db.waitReady;
    try {
      return await fn((text, params, arrayMode) => db.query(text, params, arrayMode ? { rowMode: 'array' } : undefined));
    } finally {
      await db.close();
    }
  }
  const client = new pg.Client({ connectionString: url, application_name: applicationName });
  await client.connect();
  try {
    return await fn((text, params, arrayMode) => client.query({ text, values: params, ...(arrayMode ? { rowMode: 'array' } : {}) }));
  } finally {
    await client.end();
  }
}

async function onAdminConnection(databaseUrl, fn) {
  const admin = new pg.Client({ connectionString: databaseUrl, application_name: 'dandelion-bench-admin' });
  await admin.connect();
  try {
    await fn(admin);
  } finally {
    await admin.end();
  }
}

/**
 * A throwaway database `name` on the DATABASE_URL server (dropped first if a crashed run left it):
 * answers its URL and a function that drops it again.
 */
export async function createBenchDatabase(databaseUrl, name) {
  const dropIt = (admin) => admin.query(`drop database if exists "${name}" with (force)`);
  await onAdminConnection(databaseUrl, async (admin) => {
    await dropIt(admin);
    await admin.query(`create database "${name}"`);
  });
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onAdminConnection(databaseUrl, dropIt) };
}

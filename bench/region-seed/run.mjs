#!/usr/bin/env node
// How long seeding China's regions takes (apps/server/src/modules/base/region/seed.ts). Every test
// file re-seeds its database, so this must stay cheap. Measures on in-memory PGlite (always) and on
// PostgreSQL when DATABASE_URL is set (a temporary database `dandelion_bench_region`, dropped after).
//   node bench/region-seed/run.mjs      → prints a table, writes bench/results/region-seed.json
import { register } from 'tsx/esm/api';
import { machineInfo } from '../lib/machine.mjs';
import { isMain } from '../lib/paths.mjs';
import { printTable, round, writeResult } from '../lib/report.mjs';

const ROUNDS = 7;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(database, seedRegions, sql) {
  await database.migrate();
  const fresh = [];
  const again = [];
  let inserted = 0;
  for (let i = 0; i < ROUNDS; i += 1) {
    await database.db.execute(sql.raw('truncate base_region restart identity cascade'));
    let t = performance.now();
    inserted = await seedRegions(database.db);
    fresh.push(performance.now() - t);
    t = performance.now();
    await seedRegions(database.db);
    again.push(performance.now() - t);
  }
  return { inserted, rounds: ROUNDS, freshMs: { median: round(median(fresh), 1), min: round(Math.min(...fresh), 1), max: round(Math.max(...fresh), 1) }, alreadySeededMs: { median: round(median(again), 1) } };
}

export async function runRegionSeedBench() {
  const unregister = register();
  try {
    const { openDatabase } = await import('../../apps/server/src/core/db.ts');
    const { seedRegions } = await import('../../apps/server/src/modules/base/region/seed.ts');
    const { sql } = await import('drizzle-orm');
    const engines = {};

    const lite = await openDatabase({ kind: 'pglite' });
    try {
      engines.pglite = await measure(lite, seedRegions, sql);
    } finally {
      await lite.close();
    }

    if (process.env.DATABASE_URL) {
      const pg = (await import('pg')).default;
      const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      const name = 'dandelion_bench_region';
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolMax: 2 });
      try {
        engines.postgres = await measure(database, seedRegions, sql);
      } finally {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }

    const result = { machine: machineInfo(), engines };
    printTable(
      ['engine', 'regions', 'fresh median ms', 'fresh min ms', 'fresh max ms', 'already seeded ms'],
      Object.entries(engines).map(([engine, e]) => [engine, e.inserted, e.freshMs.median, e.freshMs.min, e.freshMs.max, e.alreadySeededMs.median]),
      { title: `Region seed, ${ROUNDS} rounds (bench/results/region-seed.json)` },
    );
    writeResult('region-seed.json', result);
    return result;
  } finally {
    await unregister();
  }
}

if (isMain(import.meta.url)) await runRegionSeedBench();

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../src/core/paths';
import { freePort, startInstance, type Instance } from '../../../bench/scaleout/cluster.mjs';
import { assertNginx, startNginx } from '../../../bench/scaleout/nginx.mjs';
import { checkCache, checkRateLimit, checkSessions, createCounters, failuresOutsideKill, runMix, signIn, verifyStored } from '../../../bench/scaleout/workload.mjs';

// The scale-out in reduced form (bench/scaleout/run.mjs measures it): three server processes on one
// PostgreSQL database and one file directory behind nginx, a few seconds of mixed load, one instance
// SIGKILLed mid-run. Correctness only, no timings. Needs Debian's nginx: without it this test fails
// with the apt command (.ci/run installs it).
const adminUrl = process.env.TEST_DATABASE_URL!;
const dbName = `dandelion_scaleout_test_${process.pid}`;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-scaleout-test-files-'));
const instances: Instance[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
let front = '';
let token = '';

const dbUrl = () => {
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  return url.toString();
};

async function admin(statement: string, connectionString = adminUrl) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  assertNginx();
  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`);
  const options = { args: ['--import', 'tsx', path.join(serverRoot, 'src', 'main.ts')], cwd: serverRoot, databaseUrl: dbUrl(), filesDir };
  // All three at once on an empty database: migrations and the seed run once, under the advisory lock.
  const started = await Promise.allSettled([startInstance(options), startInstance(options), startInstance(options)]);
  for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  const port = await freePort();
  nginx = await startNginx([{ port, upstreams: instances.map((i) => i.port) }], { waitUntilUp: true });
  front = `http://127.0.0.1:${port}`;
  token = await signIn(front);
}, 180_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((i) => i.stop()));
  fs.rmSync(filesDir, { recursive: true, force: true });
  await admin(`drop database if exists ${dbName} with (force)`);
}, 60_000);

describe('three instances behind nginx', () => {
  it('a session is valid on every instance and signed out on all at once', async () => {
    const sessions = await checkSessions({ front, bases: instances.map((i) => i.url) });
    expect(sessions).toEqual({ validEverywhere: true, signedOut: true, refusedEverywhereAfter: true });
  });

  it('a dictionary changed on one instance is seen fresh on the others', async () => {
    const { rows } = await admin("select id from base_dict where dict_full_code = 'CATALOG_STATUS' and del_flag = 0", dbUrl());
    const cache = await checkCache({ bases: instances.map((i) => i.url), token, categoryId: rows[0].id, tag: 'T1' });
    expect(cache).toMatchObject({ added: true, seenEverywhere: true });
  });

  it('the complaint form’s limit is counted once for the three instances', async () => {
    const limit = await checkRateLimit({ front, ip: '10.88.0.1' });
    expect(limit.statuses).toEqual([400, 400, 400, 400, 400, 429]);
    expect(limit.upstreams).toHaveLength(3);
    expect(limit.message).toBe('操作过于频繁，请稍后再试');
  });

  it('mixed load with one instance killed: no acknowledged write lost, no lost update, errors only in flight on the killed one', async () => {
    const counters = await createCounters(front, token, 6, 'V');
    const victim = instances[2]!;
    let diedAt = 0;
    const kill = new Promise<void>((resolve) =>
      setTimeout(() => {
        void victim.kill().then((at) => {
          diedAt = at;
          resolve();
        });
      }, 2_500),
    );
    const run = await runMix({ base: front, token, counters, durationMs: 5_000, concurrency: 8, tag: 'V' });
    await kill;
    expect(victim.isRunning()).toBe(false);
    // The load mixed reads, writes, sign-ins and uploads, and writes were acknowledged (the checks below are not empty).
    expect(Object.keys(run.counts.byKind), JSON.stringify(run.counts.byKind)).toEqual(expect.arrayContaining(['portal', 'search', 'list', 'update', 'create', 'signIn', 'upload']));
    expect(run.acked.creates.length).toBeGreaterThan(0);
    expect(run.acked.uploads.length).toBeGreaterThan(0);
    expect([...run.acked.increments.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(failuresOutsideKill(run.failures, { killedPort: victim.port, diedAt })).toEqual([]);
    const survivors = instances.slice(0, 2).map((i) => i.url);
    expect(await verifyStored({ bases: survivors, token, acked: run.acked, failures: run.failures })).toEqual([]);
    // Sign-in through the balancer still works and the session holds on both survivors.
    const after = await checkSessions({ front, bases: survivors });
    expect(after).toEqual({ validEverywhere: true, signedOut: true, refusedEverywhereAfter: true });
  }, 120_000);
});

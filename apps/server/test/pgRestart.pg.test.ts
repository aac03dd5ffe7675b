import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, request, startServer, waitReady, type ServerProcess } from './helpers/serverProcess';

/**
 * PostgreSQL goes away under load and comes back: the server answers 503 in the envelope while it is
 * gone, serves again by itself once it is back, and every write it acknowledged is there.
 *
 * The database is a cluster of the test's own (initdb in a temp directory, its own port), so the
 * restart disturbs no other test running against the machine's PostgreSQL.
 */
const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort() : [];
const bin = (name: string) => path.join('/usr/lib/postgresql', versions.at(-1) ?? 'missing', 'bin', name);
const asRoot = process.getuid?.() === 0;
const clusterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-pgrestart-'));
const PASSWORD = 'Admin@2026!';
let pgPort = 0;
let server: ServerProcess | null = null;

/** Runs a PostgreSQL tool as the postgres user (initdb refuses root). */
function asPostgres(tool: string, args: string[]) {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin(tool), ...args]] : [bin(tool), args];
  return execFileSync(cmd as string, argv as string[], { stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 }).toString();
}

const startCluster = () => asPostgres('pg_ctl', ['-D', path.join(clusterDir, 'data'), '-l', path.join(clusterDir, 'log'), '-w', '-o', `-p ${pgPort} -k ${clusterDir} -c listen_addresses=127.0.0.1`, 'start']);
const stopCluster = (mode: 'immediate' | 'fast') => asPostgres('pg_ctl', ['-D', path.join(clusterDir, 'data'), '-m', mode, '-w', 'stop']);

interface Envelope {
  code?: string;
  success?: boolean;
  msg?: string;
  data?: { token?: string } | null;
}

function call(port: number, urlPath: string, body: unknown, token?: string): Promise<{ status: number; body: Envelope }> {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: urlPath,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), is_ajax_request: 'true', ...(token ? { authorization: token } : {}) },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (c) => (data += c));
        res.on('end', () => {
          let parsed = { text: data } as unknown as Envelope;
          try {
            parsed = JSON.parse(data) as Envelope;
          } catch {
            /* kept as text: the assertion shows it */
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('error', (err) => resolve({ status: 0, body: { msg: String(err) } }));
    req.end(payload);
  });
}

beforeAll(async () => {
  pgPort = await freePort();
  if (asRoot) execFileSync('chown', ['postgres', clusterDir]);
  asPostgres('initdb', ['-D', path.join(clusterDir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  startCluster();
  server = await startServer({ DATABASE_URL: `postgres://postgres@127.0.0.1:${pgPort}/postgres`, DATABASE_POOL_MAX: '5', ADMIN_PASSWORD: PASSWORD, DATA_DIR: path.join(clusterDir, 'app'), TWO_FACTOR_REQUIRED_FOR_ADMINS: 'false' });
  await waitReady(server, 120_000);
}, 180_000);

afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  try {
    stopCluster('immediate');
  } catch {
    /* already stopped */
  }
  fs.rmSync(clusterDir, { recursive: true, force: true });
});

describe('PostgreSQL restart under load', () => {
  it('answers 503 in the envelope while the database is gone, recovers by itself, and loses nothing acknowledged', async () => {
    const port = server!.port;
    const signIn = await call(port, '/callback?client_name=myform_client', { username: 'admin', password: PASSWORD });
    expect(signIn.status).toBe(200);
    const token = signIn.body.data!.token!;

    const acknowledged: string[] = [];
    const refusals: Array<{ status: number; body: Envelope }> = [];
    let phase: 'before' | 'down' | 'after' = 'before';
    let servedAfter = 0;
    let n = 0;
    let running = true;
    const writer = async (w: number) => {
      while (running) {
        const code = `PGR_${w}_${n++}`;
        const res = await call(port, '/rest/postService/addPost', { postCode: code, postName: '重启测试岗位' }, token);
        if (res.status === 200 && res.body.code === '0000') {
          acknowledged.push(code);
          if (phase === 'after') servedAfter++;
        } else refusals.push(res);
        if (res.status !== 200) await new Promise((r) => setTimeout(r, 50));
      }
    };
    const writers = [0, 1, 2, 3].map(writer);

    await new Promise((r) => setTimeout(r, 1_500));
    const beforeOutage = acknowledged.length;
    stopCluster('immediate');
    phase = 'down';
    await new Promise((r) => setTimeout(r, 3_000));
    const down = await request(port, 'GET', '/readyz').catch((err: unknown) => {
      throw new Error(`the server stopped answering during the outage (${String(err)}):\n${server!.output().slice(-3000)}`);
    });
    startCluster();
    phase = 'after';
    const deadline = Date.now() + 30_000;
    while (servedAfter < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    running = false;
    await Promise.all(writers);

    if (server!.child.exitCode !== null) throw new Error(`the server died during the outage:\n${server!.output().slice(-3000)}`);
    expect(beforeOutage).toBeGreaterThan(0);
    expect(down.status).toBe(503);
    // While it was gone: 503 in the console envelope with a message a user can act on, never a 500.
    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) {
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ code: '503', success: false });
      expect(r.body.msg).toContain('数据库');
    }
    // Back by itself, without a restart of the server.
    expect(servedAfter).toBeGreaterThanOrEqual(20);
    expect(server!.child.exitCode).toBeNull();

    // Every acknowledged write is stored.
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${pgPort}/postgres` });
    await client.connect();
    try {
      const stored = new Set((await client.query<{ post_code: string }>("select post_code from sys_post where post_code like 'PGR\\_%'")).rows.map((r) => r.post_code));
      expect(acknowledged.filter((c) => !stored.has(c))).toEqual([]);
    } finally {
      await client.end();
    }
  }, 120_000);
});

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../src/core/paths';
import type { BackupManifest } from '../../src/ops/backupFormat';
import { request, startServer, waitReady, type ServerProcess } from '../helpers/serverProcess';

/**
 * `npm run backup` and `npm run restore` as an operator runs them: the backup is taken while the
 * server runs and answers requests, the restore goes into a fresh directory, and every row of every
 * table and every stored file comes back.
 */
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-backup-'));
const source = path.join(root, 'source');
const target = path.join(root, 'target');
const backups = path.join(root, 'backups');
const running: ServerProcess[] = [];

function runScript(script: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(serverRoot, 'src', 'ops', `${script}.ts`), ...args], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function start(dataDir: string) {
  const server = await startServer({ DATA_DIR: dataDir });
  running.push(server);
  await waitReady(server, 120_000);
  return server;
}

async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  return server.exited;
}

/** Every table's row count and the marker rows, read with the server stopped. */
async function contents(dataDir: string) {
  const db = await PGlite.create(path.join(dataDir, 'pgdata'));
  try {
    const tables = await db.query<{ name: string }>("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1");
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows) counts[name] = Number((await db.query<{ n: string }>(`select count(*) as n from "${name}"`)).rows[0]!.n);
    const markers = (await db.query<{ org_code: string }>("select org_code from sys_org where org_code like 'BACKUP%' order by org_code")).rows.map((r) => r.org_code);
    return { counts, markers };
  } finally {
    await db.close();
  }
}

function filesOf(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) {
      const full = path.join(e.parentPath, e.name);
      out[path.relative(dir, full)] = fs.readFileSync(full).toString('base64');
    }
  }
  return out;
}

beforeAll(async () => {
  // A data directory as a first start leaves it, plus marker rows and stored files.
  await stop(await start(source));
  const db = await PGlite.create(path.join(source, 'pgdata'));
  try {
    for (const code of ['BACKUP1', 'BACKUP2', 'BACKUP3']) await db.query("insert into sys_org (org_code, org_name, create_by, update_by) values ($1, '备份标记', 'test', 'test')", [code]);
  } finally {
    await db.close();
  }
  fs.mkdirSync(path.join(source, 'files', 'ab'), { recursive: true });
  fs.writeFileSync(path.join(source, 'files', 'ab', 'abcdef-stored-file'), Buffer.from('附件内容：备份必须原样恢复'));
  fs.writeFileSync(path.join(source, 'files', 'ab', 'binary'), Buffer.from([0, 1, 2, 250, 251, 252]));
}, 240_000);

afterAll(() => {
  for (const s of running) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

describe('backup and restore of the embedded database', () => {
  it('refuses a backup request without the data directory token', async () => {
    const server = await start(source);
    try {
      const res = await request(server.port, 'POST', '/internal/backup');
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).msg).toBe('无权执行备份');
    } finally {
      expect(await stop(server)).toBe(0);
    }
  }, 180_000);

  it('backs up while the server runs and answers, and restores every row and file into a fresh directory', async () => {
    const server = await start(source);
    let backupDir: string;
    try {
      // Requests keep flowing while the snapshot is taken.
      let answered = 0;
      let flowing = true;
      const traffic = (async () => {
        while (flowing) {
          const res = await request(server.port, 'POST', '/rest/cms/index', {});
          expect(res.status).toBe(200);
          answered++;
        }
      })();
      const backup = await runScript('backup', ['--out', backups], { DATA_DIR: source, PORT: String(server.port), HOST: '127.0.0.1' });
      flowing = false;
      await traffic;
      expect(backup.output).toContain('备份完成');
      expect(backup.code).toBe(0);
      expect(answered).toBeGreaterThan(0);
      backupDir = path.join(backups, fs.readdirSync(backups)[0]!);
      const manifest = JSON.parse(fs.readFileSync(path.join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
      expect(manifest).toMatchObject({ format: 1, engine: 'pglite', online: true, files: 2, sealKey: true });
      // A restore is refused while a server holds the directory it would replace.
      const refused = await runScript('restore', [backupDir], { DATA_DIR: source });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('正被另一个蒲公英进程使用');
    } finally {
      expect(await stop(server)).toBe(0);
    }

    const restored = await runScript('restore', [backupDir], { DATA_DIR: target });
    expect(restored.output).toContain('恢复完成');
    expect(restored.code).toBe(0);
    const before = await contents(source);
    const after = await contents(target);
    expect(after.markers).toEqual(['BACKUP1', 'BACKUP2', 'BACKUP3']);
    // The interface log goes on growing with the traffic after the snapshot, and the task log with the
    // scheduled tasks that fire before the server stops; every other table is as it was.
    const APPEND_ONLY_LOGS = ['sys_rest_log', 'base_task_log'];
    for (const [table, count] of Object.entries(before.counts)) {
      if (APPEND_ONLY_LOGS.includes(table)) expect(after.counts[table]).toBeLessThanOrEqual(count);
      else expect({ table, count: after.counts[table] }).toEqual({ table, count });
    }
    expect(Object.keys(after.counts)).toEqual(Object.keys(before.counts));
    expect(filesOf(path.join(target, 'files'))).toEqual(filesOf(path.join(source, 'files')));
    expect(fs.readFileSync(path.join(target, 'audit-seal.key'), 'utf8')).toBe(fs.readFileSync(path.join(source, 'audit-seal.key'), 'utf8'));

    // The restored directory serves.
    const revived = await start(target);
    try {
      const index = JSON.parse((await request(revived.port, 'POST', '/rest/cms/index', {})).body);
      expect(index.dataSet.site.siteCode).toBe('dandelion');
    } finally {
      expect(await stop(revived)).toBe(0);
    }
  }, 300_000);

  it('backs up a stopped server by opening the directory itself, and restoring over it keeps the old database aside', async () => {
    const backup = await runScript('backup', ['--out', path.join(root, 'offline')], { DATA_DIR: source });
    expect(backup.code).toBe(0);
    const dir = path.join(root, 'offline', fs.readdirSync(path.join(root, 'offline'))[0]!);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ online: false, engine: 'pglite' });
    const restored = await runScript('restore', [dir], { DATA_DIR: target });
    expect(restored.code).toBe(0);
    expect(fs.readdirSync(target).some((n) => n.startsWith('pgdata.before-restore-'))).toBe(true);
    expect((await contents(target)).markers).toEqual(['BACKUP1', 'BACKUP2', 'BACKUP3']);
  }, 180_000);

  it('refuses a folder that is not a backup', async () => {
    const res = await runScript('restore', [root], { DATA_DIR: path.join(root, 'nowhere') });
    expect(res.code).toBe(1);
    expect(res.output).toContain('不是蒲公英的备份目录');
  }, 60_000);
});

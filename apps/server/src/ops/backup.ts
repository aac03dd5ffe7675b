/**
 * `npm run backup [-- --out DIR]`: a consistent copy of everything the server keeps — the database,
 * the files store and the audit-seal key — into DIR/dandelion-backup-<time>/ (default ./backups).
 *
 * Embedded database: when a server holds the data directory it is asked for a snapshot over loopback
 * (core/backup.ts); otherwise the script takes the directory's lock and opens it itself. PostgreSQL:
 * pg_dump in custom format. The files store is copied after the database: files are written before
 * the rows that name them, so every file the snapshot names is there.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { openDatabase } from '../core/db';
import { DataDirLockedError, lockDataDir } from '../core/dataDirLock';
import { BACKUP_TOKEN_FILE, FILES_FOLDER, MANIFEST_FILE, PG_DUMP_FILE, PGLITE_SNAPSHOT_FILE, SEAL_KEY_FILE, type BackupManifest } from './backupFormat';

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

async function snapshotFromServer(dataDir: string, host: string, port: number): Promise<Buffer> {
  const token = fs.readFileSync(path.join(dataDir, BACKUP_TOKEN_FILE), 'utf8').trim();
  const target = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const res = await fetch(`http://${target.includes(':') ? `[${target}]` : target}:${port}/internal/backup`, { method: 'POST', headers: { 'x-backup-token': token } });
  if (!res.ok) throw new Error(`运行中的服务拒绝了备份请求（HTTP ${res.status}）：${await res.text()}`);
  return Buffer.from(await res.arrayBuffer());
}

async function snapshotOffline(dataDir: string): Promise<Buffer> {
  if (!fs.existsSync(path.join(dataDir, 'pgdata'))) throw new Error(`数据目录 ${dataDir} 中没有数据库（pgdata），请检查 DATA_DIR`);
  const lock = await lockDataDir(dataDir, () => {});
  try {
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pgdata') });
    try {
      return Buffer.from(await (await database.snapshot!()).arrayBuffer());
    } finally {
      await database.close();
    }
  } finally {
    await lock.release();
  }
}

function copyFiles(from: string, to: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(from)) return { files, bytes };
  fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
  for (const entry of fs.readdirSync(to, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      files++;
      bytes += fs.statSync(path.join(entry.parentPath, entry.name)).size;
    }
  }
  return { files, bytes };
}

export async function runBackup(env: NodeJS.ProcessEnv, outRoot: string): Promise<string> {
  const config = loadConfig(env);
  const createdAt = new Date();
  const out = path.resolve(outRoot, `dandelion-backup-${stamp(createdAt)}`);
  fs.mkdirSync(out, { recursive: true });
  let engine: BackupManifest['engine'];
  let online = false;
  let databaseFile: BackupManifest['database'];
  if (config.DATABASE_URL) {
    engine = 'postgres';
    databaseFile = PG_DUMP_FILE;
    execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', path.join(out, PG_DUMP_FILE), config.DATABASE_URL], { stdio: ['ignore', 'inherit', 'inherit'] });
  } else {
    engine = 'pglite';
    databaseFile = PGLITE_SNAPSHOT_FILE;
    let tarball: Buffer;
    try {
      tarball = await snapshotOffline(config.DATA_DIR);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      tarball = await snapshotFromServer(config.DATA_DIR, config.HOST, config.PORT);
      online = true;
    }
    fs.writeFileSync(path.join(out, PGLITE_SNAPSHOT_FILE), tarball);
  }
  const copied = copyFiles(config.FILES_DIR, path.join(out, FILES_FOLDER));
  const sealKey = path.join(config.DATA_DIR, SEAL_KEY_FILE);
  const hasSealKey = !config.AUDIT_SEAL_KEY && fs.existsSync(sealKey);
  if (hasSealKey) fs.copyFileSync(sealKey, path.join(out, SEAL_KEY_FILE));
  const manifest: BackupManifest = {
    format: 1,
    createdAt: createdAt.toISOString(),
    engine,
    database: databaseFile,
    databaseBytes: fs.statSync(path.join(out, databaseFile)).size,
    files: copied.files,
    filesBytes: copied.bytes,
    sealKey: hasSealKey,
    online,
  };
  fs.writeFileSync(path.join(out, MANIFEST_FILE), JSON.stringify(manifest, null, 2));
  fs.chmodSync(out, 0o700);
  return out;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const i = process.argv.indexOf('--out');
  const outRoot = i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : 'backups';
  runBackup(process.env, outRoot).then(
    (out) => {
      const m = JSON.parse(fs.readFileSync(path.join(out, MANIFEST_FILE), 'utf8')) as BackupManifest;
      process.stdout.write(`备份完成：${out}\n数据库 ${(m.databaseBytes / 1024 / 1024).toFixed(1)} MB（${m.engine}${m.online ? '，运行中的服务生成的快照' : ''}），文件 ${m.files} 个\n`);
    },
    (err: unknown) => {
      process.stderr.write(`备份失败：${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

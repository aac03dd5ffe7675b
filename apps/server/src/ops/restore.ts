/**
 * `npm run restore -- <backup folder>`: brings a backup of `npm run backup` back into DATA_DIR and
 * FILES_DIR (or into the PostgreSQL of DATABASE_URL). The server must be stopped: the script takes the
 * data directory's lock and refuses while a server holds it. Nothing is deleted: the database being
 * replaced is moved aside to pgdata.before-restore-<time>; files are content-addressed and only added.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadConfig } from '../config';
import { lockDataDir } from '../core/dataDirLock';
import { FILES_FOLDER, MANIFEST_FILE, PG_DUMP_FILE, PGLITE_SNAPSHOT_FILE, SEAL_KEY_FILE, type BackupManifest } from './backupFormat';

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);

function readManifest(from: string): BackupManifest {
  const file = path.join(from, MANIFEST_FILE);
  if (!fs.existsSync(file)) throw new Error(`${from} 不是蒲公英的备份目录（缺少 ${MANIFEST_FILE}）`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`不支持的备份格式：${String(manifest.format)}`);
  return manifest;
}

export interface RestoreResult {
  engine: BackupManifest['engine'];
  files: number;
  movedAside: string | null;
}

export async function runRestore(env: NodeJS.ProcessEnv, from: string): Promise<RestoreResult> {
  const config = loadConfig(env);
  const backup = path.resolve(from);
  const manifest = readManifest(backup);
  let movedAside: string | null = null;
  if (manifest.engine === 'postgres') {
    if (!config.DATABASE_URL) throw new Error('这是 PostgreSQL 的备份：请设置 DATABASE_URL 指向要恢复到的数据库');
    execFileSync('pg_restore', ['--clean', '--if-exists', '--no-owner', '--single-transaction', '--dbname', config.DATABASE_URL, path.join(backup, PG_DUMP_FILE)], { stdio: ['ignore', 'inherit', 'inherit'] });
  } else {
    if (config.DATABASE_URL) throw new Error('这是嵌入式数据库的备份：恢复时请不要设置 DATABASE_URL');
    fs.mkdirSync(config.DATA_DIR, { recursive: true });
    // Throws DataDirLockedError (naming the server's PID) while a server runs on the directory.
    const lock = await lockDataDir(config.DATA_DIR, () => {});
    try {
      const pgdata = path.join(config.DATA_DIR, 'pgdata');
      if (fs.existsSync(pgdata)) {
        movedAside = `${pgdata}.before-restore-${stamp(new Date())}`;
        fs.renameSync(pgdata, movedAside);
      }
      const tarball = fs.readFileSync(path.join(backup, PGLITE_SNAPSHOT_FILE));
      const client = await PGlite.create(pgdata, { loadDataDir: new Blob([tarball]) });
      await client.close();
    } finally {
      await lock.release();
    }
  }
  const files = path.join(backup, FILES_FOLDER);
  let restoredFiles = 0;
  if (fs.existsSync(files)) {
    fs.mkdirSync(config.FILES_DIR, { recursive: true });
    fs.cpSync(files, config.FILES_DIR, { recursive: true, force: false, preserveTimestamps: true });
    restoredFiles = manifest.files;
  }
  if (manifest.sealKey && !config.AUDIT_SEAL_KEY) {
    const key = path.join(config.DATA_DIR, SEAL_KEY_FILE);
    if (fs.existsSync(key)) fs.renameSync(key, `${key}.before-restore-${stamp(new Date())}`);
    fs.copyFileSync(path.join(backup, SEAL_KEY_FILE), key);
    fs.chmodSync(key, 0o600);
  }
  return { engine: manifest.engine, files: restoredFiles, movedAside };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const from = process.argv.slice(2).find((a) => !a.startsWith('--'));
  if (!from) {
    process.stderr.write('用法：npm run restore -- <备份目录>\n');
    process.exit(2);
  }
  runRestore(process.env, from).then(
    (r) => {
      process.stdout.write(`恢复完成（${r.engine}），文件 ${r.files} 个${r.movedAside ? `；原数据库已移至 ${r.movedAside}` : ''}\n`);
    },
    (err: unknown) => {
      process.stderr.write(`恢复失败：${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}

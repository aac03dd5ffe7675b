import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { createMemoryBus, createPostgresBus, type EventBus } from './core/bus';
import { openDatabase, type Database } from './core/db';
import { DataDirLockedError, lockDataDir, type DataDirLock } from './core/dataDirLock';
import { collectSoonerForEmbeddedMode, trimHeapWhenIdle } from './core/heapGrowth';
import { seedDatabase } from './db/seed';
import { BACKUP_TOKEN_FILE } from './ops/backupFormat';

/** Start: config → lock → database → migrate → seed-if-empty → listen. Stop: drain → close → unlock. */
export /** How long a stopping server keeps accepting (and refusing with 503) before it closes the listener. */
const SHUTDOWN_DRAIN_MS = 300;

async function main(env: NodeJS.ProcessEnv = process.env) {
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`蒲公英无法启动。${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  const log = pino({ level: config.LOG_LEVEL, base: { pid: process.pid } });

  let lock: DataDirLock | null = null;
  let database: Database | null = null;
  try {
    if (!config.DATABASE_URL) {
      // PGlite's memory lives in this process: keep the JavaScript heap's garbage small beside it.
      collectSoonerForEmbeddedMode();
      lock = await lockDataDir(config.DATA_DIR, (err) => {
        log.fatal({ err }, '数据目录锁已失效，为避免数据损坏立即停止');
        process.exit(1);
      });
    }
    database = config.DATABASE_URL
      ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL, poolMax: config.DATABASE_POOL_MAX })
      : await openDatabase({ kind: 'pglite', dataDir: path.join(config.DATA_DIR, 'pgdata') });
    log.info({ database: database.kind, dataDir: config.DATA_DIR }, '数据库已打开');

    await database.migrate();
    const seeded = await database.withStartupLock((db) => seedDatabase(db, { adminPassword: config.ADMIN_PASSWORD }));
    if (seeded.generatedAdminPassword) {
      // Shown once, on the start that created the account; it is not stored anywhere in clear.
      log.warn(`已创建管理员账号 admin，初始密码：${seeded.generatedAdminPassword} （仅显示这一次，请登录后立即修改）`);
    } else if (seeded.adminCreated) {
      log.info('已创建管理员账号 admin，密码为 ADMIN_PASSWORD 中的设置');
    }
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      log.error(err.message);
    } else {
      log.fatal({ err }, '启动失败');
    }
    await database?.close().catch(() => {});
    await lock?.release().catch(() => {});
    process.exit(1);
  }

  // Several instances share PostgreSQL, so they hear each other through LISTEN/NOTIFY.
  const bus: EventBus = config.DATABASE_URL
    ? await createPostgresBus(config.DATABASE_URL, (err) => log.warn({ err }, '消息总线连接中断，正在重连'))
    : createMemoryBus();
  const app = await buildApp({ config, database, bus, serveWeb: true, filesDir: config.FILES_DIR, auditSealKey: auditSealKeyOf(config), backupToken: config.DATABASE_URL ? undefined : backupTokenOf(config) });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, '正在停止：等待进行中的请求完成');
    const force = setTimeout(() => {
      app.log.error('停止超时，强制退出');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // Answer what is already queued (with 503) before the listener closes and the kernel resets the queue.
      app.drain();
      await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_DRAIN_MS));
      await app.close();
      await bus.close();
      await database!.close();
      await lock?.release();
      app.log.info('已停止');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, '停止时出错');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));

  try {
    const address = await app.listen({ port: config.PORT, host: config.HOST });
    app.log.info(`蒲公英已启动：${address}  接口文档：${address}/api-docs`);
    // Embedded, the database's memory is this process's: give the start's young generation back once idle.
    if (!config.DATABASE_URL) trimHeapWhenIdle(app.server);
  } catch (err) {
    app.log.fatal({ err }, `无法监听 ${config.HOST}:${config.PORT}`);
    await database!.close();
    await lock?.release();
    process.exit(1);
  }
}

await main();

/**
 * The operation log's seal key: AUDIT_SEAL_KEY, else a random key made once in DATA_DIR (outside
 * the database, so whoever can only edit the database cannot seal a forged row). Instances that
 * share PostgreSQL on several hosts must share AUDIT_SEAL_KEY.
 */
/** A fresh token for `npm run backup` at every start, readable only by whoever may read the data directory. */
function backupTokenOf(config: Config): string {
  const token = randomBytes(32).toString('hex');
  const file = path.join(config.DATA_DIR, BACKUP_TOKEN_FILE);
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, token, { mode: 0o600 });
  return token;
}

function auditSealKeyOf(config: Config): Buffer {
  if (config.AUDIT_SEAL_KEY) return Buffer.from(config.AUDIT_SEAL_KEY);
  const file = path.join(config.DATA_DIR, 'audit-seal.key');
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Made before (or just now by another instance on this host): use it.
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim());
}

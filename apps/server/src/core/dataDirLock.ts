import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * PGlite is single-process: two servers writing one data directory corrupt it
 * silently. The server therefore holds an exclusive lock on DATA_DIR for its
 * whole life and a second start on the same directory refuses.
 *
 * proper-lockfile uses an atomic mkdir plus a heartbeat on the lock's mtime, so
 * a lock left by a crashed (kill -9) process goes stale and is taken over after
 * STALE_MS instead of blocking the directory for ever.
 */
const STALE_MS = 10_000;
const LOCK_NAME = 'dandelion.lock';
const OWNER_FILE = 'dandelion.pid';

export class DataDirLockedError extends Error {
  constructor(dataDir: string, ownerPid: string | null) {
    super(
      `数据目录 ${dataDir} 正被另一个蒲公英进程使用${ownerPid ? `（PID ${ownerPid}）` : ''}。` +
        '嵌入式数据库只允许一个进程打开同一目录：请先停止那个进程，或用 DATA_DIR 指定另一个目录；' +
        '需要多实例时请配置 DATABASE_URL 使用 PostgreSQL。',
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/**
 * Whether a process runs. A killed server stays a zombie until its parent reaps it, and signal 0
 * still reaches a zombie: on Linux its state in /proc says it is dead (Z) or dying (X).
 */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc (not Linux), or the process went between the two looks: trust the signal.
    return fs.existsSync('/proc/self/stat') ? false : true;
  }
  // "pid (comm) S …": the command may hold spaces and brackets, the state follows the last ')'.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

export async function lockDataDir(dataDir: string, onCompromised?: (err: Error) => void): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  const ownerFile = path.join(dataDir, OWNER_FILE);
  const lockfilePath = path.join(dataDir, LOCK_NAME);
  const options = {
    lockfilePath,
    realpath: false,
    stale: STALE_MS,
    update: STALE_MS / 2,
    retries: 0,
    onCompromised: (err: Error) => {
      if (onCompromised) onCompromised(err);
      else throw err;
    },
  };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    const owner = fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8').trim() : null;
    // The owner crashed (kill -9, power loss): its PID is gone on this host, so the lock is
    // left over. Take it at once instead of making the operator wait for it to go stale.
    const ownerPid = owner && /^\d+$/.test(owner) ? Number(owner) : null;
    if (ownerPid === null || ownerPid === process.pid || isProcessAlive(ownerPid)) throw new DataDirLockedError(dataDir, owner);
    fs.rmSync(lockfilePath, { recursive: true, force: true });
    try {
      release = await lockfile.lock(dataDir, options);
    } catch (retryErr) {
      if ((retryErr as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir, owner);
      throw retryErr;
    }
  }
  fs.writeFileSync(ownerFile, String(process.pid));
  return {
    async release() {
      fs.rmSync(ownerFile, { force: true });
      await release();
    },
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './dataDirLock';

describe('lockDataDir', () => {
  it('lets one holder in, refuses a second with a clear message, and frees the directory on release', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-lock-'));
    const first = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(lockDataDir(dir)).rejects.toThrow(`PID ${process.pid}`);
    await expect(lockDataDir(dir)).rejects.toThrow('正被另一个蒲公英进程使用');
    await first.release();
    const again = await lockDataDir(dir);
    await again.release();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('creates the directory when it does not exist', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-lock-')), 'nested', 'data');
    const lock = await lockDataDir(dir);
    expect(fs.existsSync(dir)).toBe(true);
    await lock.release();
  });
});

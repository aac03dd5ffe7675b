import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, isProcessAlive, lockDataDir } from './dataDirLock';

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

  it('takes over at once from an owner that was killed and is still a zombie', async () => {
    // The background subshell ends as soon as its parent has become `sleep 30` (exec), which never
    // reaps it: a zombie, as a server killed with -9 is until its supervisor waits for it. Ending any
    // earlier would let the shell reap it before the exec (a busy machine made that race real).
    const script = 'p=$$; (while read c < /proc/$p/comm; [ "$c" != sleep ]; do :; done) & echo $!; exec sleep 30';
    const parent = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()))));
      await expect.poll(() => fs.readFileSync(`/proc/${zombie}/stat`, 'utf8').split(') ')[1]?.[0]).toBe('Z');
      expect(isProcessAlive(zombie)).toBe(false);
      expect(isProcessAlive(process.pid)).toBe(true);

      // The killed owner's lock (fresh, so not yet stale) and its PID file are left behind.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-lock-'));
      fs.mkdirSync(path.join(dir, 'dandelion.lock'));
      fs.writeFileSync(path.join(dir, 'dandelion.pid'), String(zombie));
      const lock = await lockDataDir(dir);
      expect(fs.readFileSync(path.join(dir, 'dandelion.pid'), 'utf8')).toBe(String(process.pid));
      await lock.release();
      fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      parent.kill();
    }
  });
});

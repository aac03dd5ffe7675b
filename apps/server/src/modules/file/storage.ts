import { createHash, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A file written to the temporary area, hashed while it streamed in. */
export interface StagedFile {
  tempPath: string;
  sha256: string;
  size: number;
  /** The first bytes, for the text checks. */
  head: Buffer;
}

const HEAD_BYTES = 4100;

export class SizeLimitError extends Error {
  constructor(public readonly limit: number) {
    super(`file exceeds ${limit} bytes`);
  }
}

/**
 * Content-addressed file store under one directory: a file lives at ab/cd/<sha-256>, so the same
 * bytes are kept once however often they are uploaded, and no name a user chose ever reaches the
 * disk. With several instances the directory must be shared storage (README).
 */
export function createFileStore(root: string) {
  const tmpDir = path.join(root, 'tmp');

  const keyOf = (sha256: string) => path.posix.join(sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  const pathOf = (key: string) => {
    // Keys come from our own table, but a key is never allowed to leave the store.
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error('file key outside the store');
    return full;
  };

  return {
    root,

    /** Streams an upload to a temporary file, hashing and counting; stops past `limit` bytes. */
    async stage(source: Readable, limit: number): Promise<StagedFile> {
      await fsp.mkdir(tmpDir, { recursive: true });
      const tempPath = path.join(tmpDir, randomUUID());
      const hash = createHash('sha256');
      let size = 0;
      const headChunks: Buffer[] = [];
      let headSize = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _enc, done) {
          size += chunk.length;
          if (size > limit) return done(new SizeLimitError(limit));
          hash.update(chunk);
          if (headSize < HEAD_BYTES) {
            headChunks.push(chunk.subarray(0, HEAD_BYTES - headSize));
            headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
          }
          done(null, chunk);
        },
      });
      const sink = fs.createWriteStream(tempPath, { flags: 'wx', mode: 0o600 });
      try {
        await pipeline(source, meter, sink);
      } catch (error) {
        // A file stream destroyed while still opening creates its file afterwards: remove it once closed.
        if (!sink.closed) await once(sink, 'close').catch(() => undefined);
        await fsp.rm(tempPath, { force: true });
        throw error;
      }
      return { tempPath, sha256: hash.digest('hex'), size, head: Buffer.concat(headChunks) };
    },

    /** Moves a staged file to its content address (or drops it when those bytes are already kept). */
    async commit(staged: StagedFile): Promise<string> {
      const key = keyOf(staged.sha256);
      const target = pathOf(key);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      try {
        await fsp.access(target);
        await fsp.rm(staged.tempPath, { force: true });
      } catch {
        // rename is atomic: two uploads of the same bytes at once both end with one whole file.
        await fsp.rename(staged.tempPath, target);
        await fsp.chmod(target, 0o644);
      }
      return key;
    },

    async discard(staged: StagedFile): Promise<void> {
      await fsp.rm(staged.tempPath, { force: true });
    },

    async exists(key: string): Promise<boolean> {
      return fsp.access(pathOf(key)).then(
        () => true,
        () => false,
      );
    },

    /** Reads bytes start..end (inclusive) of a stored file. */
    read(key: string, range?: { start: number; end: number }): Readable {
      return fs.createReadStream(pathOf(key), range);
    },
  };
}
export type FileStore = ReturnType<typeof createFileStore>;

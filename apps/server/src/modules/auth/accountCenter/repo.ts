import { eq } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { sysAvatar } from './tables';

/** Queries of the personal centre's pictures; each takes the executor so a caller may pass a transaction. */

export async function findAvatar(ex: Executor, hash: string): Promise<{ mime: string; content: Buffer } | null> {
  const rows = await ex.select({ mime: sysAvatar.mime, content: sysAvatar.content }).from(sysAvatar).where(eq(sysAvatar.hash, hash)).limit(1);
  return rows[0] ?? null;
}

/** Content-addressed: the same picture uploaded twice (by anyone) is one row. */
export async function saveAvatar(ex: Executor, hash: string, mime: string, content: Buffer): Promise<void> {
  await ex.insert(sysAvatar).values({ hash, mime, content }).onConflictDoNothing({ target: sysAvatar.hash });
}

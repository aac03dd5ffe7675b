import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy } from '../../../core/records';
import { sysSession } from './tables';

/** Every query of the sessions; each takes the executor so a caller may pass a transaction. */

export async function insertSession(ex: Executor, values: Pick<typeof sysSession.$inferInsert, 'tokenHash' | 'userId' | 'loginType' | 'ip' | 'userAgent' | 'expiresAt'>) {
  await ex.insert(sysSession).values({ ...values, ...createdBy(null) });
}

/** The live session behind a token hash: not revoked, not expired at `now`. */
export async function findLiveByTokenHash(ex: Executor, tokenHash: string, now: Date) {
  const rows = await ex
    .select({ id: sysSession.id, userId: sysSession.userId, expiresAt: sysSession.expiresAt, lastSeenAt: sysSession.lastSeenAt })
    .from(sysSession)
    .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, now)))
    .limit(1);
  return rows[0] ?? null;
}

export async function touchLastSeen(ex: Executor, tokenHash: string, at: Date): Promise<void> {
  await ex.update(sysSession).set({ lastSeenAt: at }).where(eq(sysSession.tokenHash, tokenHash));
}

/** Revokes the session of a token unless already revoked; true when one was ended. */
export async function revokeByTokenHash(ex: Executor, tokenHash: string): Promise<boolean> {
  const rows = await ex
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysSession.tokenHash, tokenHash), isNull(sysSession.revokedAt)))
    .returning({ id: sysSession.id });
  return rows.length > 0;
}

/** Revokes every unrevoked session of a user, but the excepted one; answers their token hashes. */
export async function revokeAllOfUser(ex: Executor, userId: number, exceptSessionId?: number): Promise<string[]> {
  const rows = await ex
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sysSession.userId, userId),
        isNull(sysSession.revokedAt),
        // "Sign out other devices" keeps the current session.
        exceptSessionId === undefined ? undefined : ne(sysSession.id, exceptSessionId),
      ),
    )
    .returning({ tokenHash: sysSession.tokenHash });
  return rows.map((r) => r.tokenHash);
}

/** Token hashes of a user's sessions that are neither revoked nor expired. */
export async function liveTokenHashesOfUser(ex: Executor, userId: number): Promise<string[]> {
  const rows = await ex
    .select({ tokenHash: sysSession.tokenHash })
    .from(sysSession)
    .where(and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, new Date())));
  return rows.map((r) => r.tokenHash);
}

/** Deletes sessions that expired or were revoked before `before`. */
export async function deleteEndedBefore(ex: Executor, before: Date): Promise<number> {
  const rows = await ex
    .delete(sysSession)
    .where(or(lt(sysSession.expiresAt, before), lt(sysSession.revokedAt, before)))
    .returning({ id: sysSession.id });
  return rows.length;
}

const liveSession = (userId: number) => and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, sql`now()`));

/** The user's sessions that still let someone in: not revoked, not expired. Most recently active first. */
export async function listLiveOfUser(ex: Executor, userId: number) {
  return ex
    .select({
      id: sysSession.id,
      loginType: sysSession.loginType,
      ip: sysSession.ip,
      userAgent: sysSession.userAgent,
      createTime: sysSession.createTime,
      lastSeenAt: sysSession.lastSeenAt,
      expiresAt: sysSession.expiresAt,
    })
    .from(sysSession)
    .where(liveSession(userId))
    .orderBy(desc(sysSession.lastSeenAt), desc(sysSession.id));
}

/**
 * Ends one live session of the user, answering its token hash (to drop cached principals)
 * or null when no such live session is theirs.
 */
export async function revokeLiveOfUser(ex: Executor, userId: number, sessionId: number): Promise<string | null> {
  const rows = await ex
    .update(sysSession)
    .set({ revokedAt: new Date() })
    .where(and(eq(sysSession.id, sessionId), liveSession(userId)))
    .returning({ tokenHash: sysSession.tokenHash });
  return rows[0]?.tokenHash ?? null;
}

export async function sessionCreateTime(ex: Executor, sessionId: number): Promise<Date | null> {
  const rows = await ex.select({ createTime: sysSession.createTime }).from(sysSession).where(eq(sysSession.id, sessionId)).limit(1);
  return rows[0]?.createTime ?? null;
}

import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { sysLoginLog, sysSession } from '../schema';
import { sysAvatar } from './schema';

/** Queries of the personal centre; each takes the executor so a caller may pass a transaction. */

export async function findAvatar(ex: Executor, hash: string): Promise<{ mime: string; content: Buffer } | null> {
  const rows = await ex.select({ mime: sysAvatar.mime, content: sysAvatar.content }).from(sysAvatar).where(eq(sysAvatar.hash, hash)).limit(1);
  return rows[0] ?? null;
}

/** Content-addressed: the same picture uploaded twice (by anyone) is one row. */
export async function saveAvatar(ex: Executor, hash: string, mime: string, content: Buffer): Promise<void> {
  await ex.insert(sysAvatar).values({ hash, mime, content }).onConflictDoNothing({ target: sysAvatar.hash });
}

const liveSession = (userId: number) => and(eq(sysSession.userId, userId), isNull(sysSession.revokedAt), gt(sysSession.expiresAt, sql`now()`));

/** The user's sessions that still let someone in: not revoked, not expired. Most recently active first. */
export async function listLiveSessions(ex: Executor, userId: number) {
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
export async function revokeLiveSession(ex: Executor, userId: number, sessionId: number): Promise<string | null> {
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

/** The latest successful sign-in of the user strictly before `before`. */
export async function lastSuccessfulLoginBefore(ex: Executor, userId: number, before: Date): Promise<Date | null> {
  const rows = await ex
    .select({ createTime: sysLoginLog.createTime })
    .from(sysLoginLog)
    .where(and(eq(sysLoginLog.userId, userId), eq(sysLoginLog.success, true), lt(sysLoginLog.createTime, before)))
    .orderBy(desc(sysLoginLog.createTime))
    .limit(1);
  return rows[0]?.createTime ?? null;
}

const loginLogColumns = {
  id: sysLoginLog.id,
  time: sysLoginLog.createTime,
  loginType: sysLoginLog.loginType,
  ip: sysLoginLog.ip,
  userAgent: sysLoginLog.userAgent,
  success: sysLoginLog.success,
  message: sysLoginLog.message,
};

export async function loginLogPage(ex: Executor, userId: number, limit: number, offset: number) {
  return ex
    .select(loginLogColumns)
    .from(sysLoginLog)
    .where(eq(sysLoginLog.userId, userId))
    .orderBy(desc(sysLoginLog.createTime), desc(sysLoginLog.id))
    .limit(limit)
    .offset(offset);
}

export async function loginLogCount(ex: Executor, userId: number): Promise<number> {
  return (await ex.select({ n: count() }).from(sysLoginLog).where(eq(sysLoginLog.userId, userId)))[0]?.n ?? 0;
}

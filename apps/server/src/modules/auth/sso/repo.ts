import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy, notDeleted } from '../../../core/records';
import { sysOauthState, sysThirdLogin, sysUserIdentity } from './tables';

/** Every query of single sign-on and third-party sign-in; each takes the executor so a caller may pass a transaction. */

/** The local account linked to an external identity, or null. */
export async function linkedUserId(ex: Executor, provider: string, subject: string): Promise<number | null> {
  const rows = await ex
    .select({ userId: sysUserIdentity.userId })
    .from(sysUserIdentity)
    .where(and(eq(sysUserIdentity.provider, provider), eq(sysUserIdentity.subject, subject), notDeleted(sysUserIdentity)))
    .limit(1);
  return rows[0]?.userId ?? null;
}

export async function linkIdentity(ex: Executor, provider: string, subject: string, userId: number): Promise<void> {
  await ex.insert(sysUserIdentity).values({ provider, subject, userId, ...createdBy(null) });
}

/** Drops authorization flows and one-time login records that expired. */
export async function deleteExpiredFlows(ex: Executor, now: Date): Promise<void> {
  await ex.delete(sysOauthState).where(lt(sysOauthState.expiresAt, now));
  await ex.delete(sysThirdLogin).where(lt(sysThirdLogin.expiresAt, now));
}

export async function insertFlow(ex: Executor, flow: Pick<typeof sysOauthState.$inferInsert, 'state' | 'provider' | 'codeVerifier' | 'nonce' | 'returnTo' | 'expiresAt'>) {
  await ex.insert(sysOauthState).values({ ...flow, ...createdBy(null) });
}

/** Marks a live, unused flow of the provider used and answers it; null when there is none. */
export async function takeFlow(ex: Executor, state: string, provider: string) {
  const [flow] = await ex
    .update(sysOauthState)
    .set({ usedAt: new Date() })
    .where(and(eq(sysOauthState.state, state), eq(sysOauthState.provider, provider), isNull(sysOauthState.usedAt), gt(sysOauthState.expiresAt, new Date())))
    .returning();
  return flow ?? null;
}

export async function insertLoginRecord(ex: Executor, record: Pick<typeof sysThirdLogin.$inferInsert, 'recordId' | 'userId' | 'provider' | 'expiresAt'>) {
  await ex.insert(sysThirdLogin).values({ ...record, ...createdBy(null) });
}

/** Marks a live, unused login record used and answers it; null when there is none. */
export async function takeLoginRecord(ex: Executor, recordIdHash: string) {
  const [record] = await ex
    .update(sysThirdLogin)
    .set({ usedAt: new Date() })
    .where(and(eq(sysThirdLogin.recordId, recordIdHash), isNull(sysThirdLogin.usedAt), gt(sysThirdLogin.expiresAt, new Date())))
    .returning();
  return record ?? null;
}

import { and, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { sysTrustedDevice, sysTwoFactorChallenge, sysTwoFactorRecoveryCode, sysUserTwoFactor } from './tables';

/** Every query of two-factor sign-in: the authenticator row, recovery codes, challenges, trusted devices. */

export type TwoFactorRow = typeof sysUserTwoFactor.$inferSelect;

export async function findOfUser(ex: Executor, userId: number): Promise<TwoFactorRow | null> {
  const [row] = await ex.select().from(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, userId));
  return row ?? null;
}

export async function isEnabled(ex: Executor, userId: number): Promise<boolean> {
  const row = await findOfUser(ex, userId);
  return !!row?.enabledAt;
}

/** Keeps a freshly shown secret until a code confirms it (one pending secret per user; a new one replaces it). */
export async function savePendingSecret(ex: Executor, userId: number, pendingSecret: string): Promise<void> {
  await ex
    .insert(sysUserTwoFactor)
    .values({ userId, pendingSecret })
    .onConflictDoUpdate({ target: sysUserTwoFactor.userId, set: { pendingSecret, updateTime: new Date() } });
}

/** The pending secret becomes the secret; the confirming code's step is the last one used. */
export async function enable(ex: Executor, userId: number, secret: string, step: number): Promise<void> {
  const now = new Date();
  await ex.update(sysUserTwoFactor).set({ secret, pendingSecret: null, enabledAt: now, lastTimeStep: step, updateTime: now }).where(eq(sysUserTwoFactor.userId, userId));
}

/**
 * Records an accepted code's step, only when it is newer than the stored one: of two requests racing
 * with the same code, one wins and the other is refused as a replay.
 */
export async function claimStep(ex: Executor, userId: number, step: number): Promise<boolean> {
  const rows = await ex
    .update(sysUserTwoFactor)
    .set({ lastTimeStep: step, updateTime: new Date() })
    .where(and(eq(sysUserTwoFactor.userId, userId), lt(sysUserTwoFactor.lastTimeStep, step)))
    .returning({ id: sysUserTwoFactor.id });
  return rows.length > 0;
}

/** Removes the authenticator with its recovery codes and trusted devices. */
export async function removeAll(ex: Executor, userId: number): Promise<void> {
  await ex.delete(sysUserTwoFactor).where(eq(sysUserTwoFactor.userId, userId));
  await ex.delete(sysTwoFactorRecoveryCode).where(eq(sysTwoFactorRecoveryCode.userId, userId));
  await ex.delete(sysTrustedDevice).where(eq(sysTrustedDevice.userId, userId));
}

export async function replaceRecoveryCodes(ex: Executor, userId: number, codeHashes: string[]): Promise<void> {
  await ex.delete(sysTwoFactorRecoveryCode).where(eq(sysTwoFactorRecoveryCode.userId, userId));
  await ex.insert(sysTwoFactorRecoveryCode).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Spends an unused recovery code of the user; false when it is unknown, someone else's or spent. */
export async function spendRecoveryCode(ex: Executor, userId: number, codeHash: string): Promise<boolean> {
  const rows = await ex
    .update(sysTwoFactorRecoveryCode)
    .set({ usedAt: new Date() })
    .where(and(eq(sysTwoFactorRecoveryCode.userId, userId), eq(sysTwoFactorRecoveryCode.codeHash, codeHash), isNull(sysTwoFactorRecoveryCode.usedAt)))
    .returning({ id: sysTwoFactorRecoveryCode.id });
  return rows.length > 0;
}

export async function recoveryCodesLeft(ex: Executor, userId: number): Promise<number> {
  const [row] = await ex
    .select({ n: count() })
    .from(sysTwoFactorRecoveryCode)
    .where(and(eq(sysTwoFactorRecoveryCode.userId, userId), isNull(sysTwoFactorRecoveryCode.usedAt)));
  return row?.n ?? 0;
}

export async function insertChallenge(ex: Executor, values: typeof sysTwoFactorChallenge.$inferInsert): Promise<void> {
  await ex.insert(sysTwoFactorChallenge).values(values);
}

export async function findChallenge(ex: Executor, tokenHash: string) {
  const [row] = await ex.select().from(sysTwoFactorChallenge).where(eq(sysTwoFactorChallenge.tokenHash, tokenHash));
  return row ?? null;
}

/** Records how many wrong codes the challenge has taken. */
export async function countChallengeAttempt(ex: Executor, id: number, attempts: number): Promise<void> {
  await ex.update(sysTwoFactorChallenge).set({ attempts }).where(eq(sysTwoFactorChallenge.id, id));
}

/** Marks the challenge used, once: false when another request already used it. */
export async function useChallenge(ex: Executor, id: number): Promise<boolean> {
  const rows = await ex
    .update(sysTwoFactorChallenge)
    .set({ usedAt: new Date() })
    .where(and(eq(sysTwoFactorChallenge.id, id), isNull(sysTwoFactorChallenge.usedAt)))
    .returning({ id: sysTwoFactorChallenge.id });
  return rows.length > 0;
}

/** Challenges and trusted devices that can no longer be used. */
export async function purgeExpired(ex: Executor, now: Date): Promise<void> {
  await ex.delete(sysTwoFactorChallenge).where(lt(sysTwoFactorChallenge.expiresAt, now));
  await ex.delete(sysTrustedDevice).where(lt(sysTrustedDevice.expiresAt, now));
}

export async function insertTrustedDevice(ex: Executor, values: typeof sysTrustedDevice.$inferInsert): Promise<void> {
  await ex.insert(sysTrustedDevice).values(values);
}

/** The user's unexpired device with this token hash, marked as used now; false when there is none. */
export async function touchTrustedDevice(ex: Executor, userId: number, tokenHash: string, now: Date): Promise<boolean> {
  const rows = await ex
    .update(sysTrustedDevice)
    .set({ lastUsedAt: now })
    .where(and(eq(sysTrustedDevice.userId, userId), eq(sysTrustedDevice.tokenHash, tokenHash), gt(sysTrustedDevice.expiresAt, now)))
    .returning({ id: sysTrustedDevice.id });
  return rows.length > 0;
}

export async function trustedDeviceCount(ex: Executor, userId: number, now: Date): Promise<number> {
  const [row] = await ex.select({ n: count() }).from(sysTrustedDevice).where(and(eq(sysTrustedDevice.userId, userId), gt(sysTrustedDevice.expiresAt, now)));
  return row?.n ?? 0;
}

export async function forgetTrustedDevices(ex: Executor, userId: number): Promise<number> {
  const rows = await ex.delete(sysTrustedDevice).where(eq(sysTrustedDevice.userId, userId)).returning({ id: sysTrustedDevice.id });
  return rows.length;
}

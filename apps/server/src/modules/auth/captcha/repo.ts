import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { createdBy } from '../../../core/records';
import { sysCaptcha } from './tables';

export async function insertCaptcha(ex: Executor, captchaKey: string, codeHash: string, expiresAt: Date): Promise<void> {
  await ex.insert(sysCaptcha).values({ captchaKey, codeHash, expiresAt, ...createdBy(null) });
}

export async function deleteExpiredBefore(ex: Executor, before: Date): Promise<void> {
  await ex.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, before));
}

/** Marks a live, unused captcha used and answers its code hash; null when there is none. */
export async function spend(ex: Executor, captchaKey: string): Promise<string | null> {
  const rows = await ex
    .update(sysCaptcha)
    .set({ usedAt: new Date() })
    .where(and(eq(sysCaptcha.captchaKey, captchaKey), isNull(sysCaptcha.usedAt), gt(sysCaptcha.expiresAt, new Date())))
    .returning({ codeHash: sysCaptcha.codeHash });
  return rows[0]?.codeHash ?? null;
}

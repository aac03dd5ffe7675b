import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Executor } from '../../core/db';
import { createdBy } from '../../core/records';
import { sysCaptcha } from './schema';
import { digestsEqual, sha256Hex } from '../../core/token';

export const CAPTCHA_LIFETIME_MS = 2 * 60_000;

/** Image captchas: stored hashed, valid two minutes, consumed by the first check whatever its result. */
export function createCaptchaService({ db }: { db: Executor }) {
  return {
    async create(): Promise<{ captchaKey: string; image: string; expiresIn: number }> {
      const { data, text } = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1lIi', color: true, background: '#f3f6fb', width: 120, height: 40 });
      const captchaKey = randomUUID();
      await db.insert(sysCaptcha).values({
        captchaKey,
        codeHash: sha256Hex(text.toLowerCase()),
        expiresAt: new Date(Date.now() + CAPTCHA_LIFETIME_MS),
        ...createdBy(null),
      });
      // Old captchas are useless; drop them opportunistically so the table stays small.
      await db.delete(sysCaptcha).where(lt(sysCaptcha.expiresAt, new Date(Date.now() - CAPTCHA_LIFETIME_MS)));
      return { captchaKey, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, expiresIn: CAPTCHA_LIFETIME_MS / 1000 };
    },

    /** True only for the right code of a live, unused captcha; the captcha is spent either way. */
    async consume(captchaKey: string, code: string): Promise<boolean> {
      const rows = await db
        .update(sysCaptcha)
        .set({ usedAt: new Date() })
        .where(and(eq(sysCaptcha.captchaKey, captchaKey), isNull(sysCaptcha.usedAt), gt(sysCaptcha.expiresAt, new Date())))
        .returning({ codeHash: sysCaptcha.codeHash });
      const row = rows[0];
      return !!row && digestsEqual(row.codeHash, sha256Hex(code.trim().toLowerCase()));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;

import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Executor } from '../../../core/db';
import { digestsEqual, sha256Hex } from '../../../core/token';
import * as repo from './repo';

export const CAPTCHA_LIFETIME_MS = 2 * 60_000;

/** Image captchas: stored hashed, valid two minutes, consumed by the first check whatever its result. */
export function createCaptchaService({ db }: { db: Executor }) {
  return {
    async create(): Promise<{ captchaKey: string; image: string; expiresIn: number }> {
      const { data, text } = svgCaptcha.create({ size: 4, noise: 3, ignoreChars: '0oO1lIi', color: true, background: '#f3f6fb', width: 120, height: 40 });
      const captchaKey = randomUUID();
      await repo.insertCaptcha(db, captchaKey, sha256Hex(text.toLowerCase()), new Date(Date.now() + CAPTCHA_LIFETIME_MS));
      // Old captchas are useless; drop them opportunistically so the table stays small.
      await repo.deleteExpiredBefore(db, new Date(Date.now() - CAPTCHA_LIFETIME_MS));
      return { captchaKey, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`, expiresIn: CAPTCHA_LIFETIME_MS / 1000 };
    },

    /** True only for the right code of a live, unused captcha; the captcha is spent either way. */
    async consume(captchaKey: string, code: string): Promise<boolean> {
      const codeHash = await repo.spend(db, captchaKey);
      return !!codeHash && digestsEqual(codeHash, sha256Hex(code.trim().toLowerCase()));
    },
  };
}
export type CaptchaService = ReturnType<typeof createCaptchaService>;

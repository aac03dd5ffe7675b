import { randomInt } from 'node:crypto';
import { type CodePurpose } from '@dandelion/shared/message/sms';
import { PHONE_BOUND, PHONE_REGISTERED } from '@dandelion/shared/validators';
import { chinaMidnight } from '../../../core/chinaDays';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { digestsEqual, generateToken, sha256Hex } from '../../../core/token';
import { withTransaction } from '../../../core/transaction';
import { verifyCodeRepo } from './repo';
import type { SmsService } from './service';

export const CODE_LIFETIME_MS = 5 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const DAILY_LIMIT_PER_PHONE = 10;
export const HOURLY_LIMIT_PER_IP = 20;
/** Wrong guesses a code survives; the next one finds it dead. */
export const MAX_ATTEMPTS = 5;

export const DAILY_LIMIT_REACHED = '今日发送次数已达上限';
export const IP_LIMIT_REACHED = '当前网络发送验证码过于频繁，请稍后再试';
export const resendMessage = (seconds: number) => `发送过于频繁，请 ${seconds} 秒后重试`;

export const smsText = (code: string) => `【蒲公英】您的验证码为 ${code}，${CODE_LIFETIME_MS / 60_000} 分钟内有效。如非本人操作请忽略。`;

/** The live account a phone is bound to, if any: the user module answers it. */
export type FindUserByPhone = (ex: Executor, phone: string) => Promise<{ id: number } | null>;

/** A code's hash is bound to its phone and purpose, so a stored hash says nothing reusable about another row. */
const codeHash = (phone: string, purpose: string, code: string) => sha256Hex(`${purpose}:${phone}:${code}`);

/**
 * SMS verification codes: 6 random digits, 5 minutes, stored hashed, single use,
 * compared in constant time, dead after 5 wrong guesses. Also one-time tokens
 * (e.g. the password-reset token) kept in the same table under their own purpose.
 */
export function createVerifyCodeService({ db, sms, findUserByPhone }: { db: Executor; sms: SmsService; findUserByPhone: FindUserByPhone }) {
  /** Refuses when a limit is reached; runs under a per-phone lock so two requests cannot both slip under it. */
  async function checkLimits(tx: Executor, phone: string, purpose: CodePurpose, ip: string) {
    const now = Date.now();
    const last = await verifyCodeRepo.lastSentAfter(tx, phone, purpose, new Date(now - RESEND_INTERVAL_MS));
    if (last) throw errors.tooManyRequests(resendMessage(Math.max(1, Math.ceil((last.getTime() + RESEND_INTERVAL_MS - now) / 1000))));
    if ((await verifyCodeRepo.countForPhoneSince(tx, phone, chinaMidnight(0, now))) >= DAILY_LIMIT_PER_PHONE) throw errors.tooManyRequests(DAILY_LIMIT_REACHED);
    if ((await verifyCodeRepo.countForIpAfter(tx, ip, new Date(now - 3_600_000))) >= HOURLY_LIMIT_PER_IP) throw errors.tooManyRequests(IP_LIMIT_REACHED);
  }

  return {
    /**
     * POST /rest/captcha/sms. For LOGIN and RESET_PASSWORD an unregistered phone gets the same answer
     * (and counts against the same limits) but no message, so the call does not reveal who is registered.
     */
    async request(input: { phone: string; purpose: CodePurpose; ip: string }): Promise<{ expiresIn: number; resendIn: number }> {
      const { phone, purpose, ip } = input;
      const taken = !!(await findUserByPhone(db, phone));
      if (purpose === 'REGISTER' && taken) throw errors.conflict(PHONE_REGISTERED);
      if (purpose === 'BIND_PHONE' && taken) throw errors.conflict(PHONE_BOUND);
      const deliver = purpose === 'REGISTER' || purpose === 'BIND_PHONE' || taken;

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeId = await withTransaction(db, async (tx) => {
        await verifyCodeRepo.lockPhone(tx, phone);
        await checkLimits(tx, phone, purpose, ip);
        return verifyCodeRepo.insert(tx, { phone, purpose, codeHash: codeHash(phone, purpose, code), expiresAt: new Date(Date.now() + CODE_LIFETIME_MS), ip });
      });
      if (deliver) {
        try {
          await verifyCodeRepo.linkSms(db, codeId, await sms.send({ phone, content: smsText(code), purpose, ip }));
        } catch (err) {
          // A code that never reached the user does not count against the limits.
          await verifyCodeRepo.discard(db, codeId);
          throw err;
        }
      }
      return { expiresIn: CODE_LIFETIME_MS / 1000, resendIn: RESEND_INTERVAL_MS / 1000 };
    },

    /** True once for the right code of the newest live code of this phone and purpose; the code is spent then. */
    async verify(phone: string, purpose: CodePurpose, code: string): Promise<boolean> {
      const row = await verifyCodeRepo.newest(db, phone, purpose);
      if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.attempts >= MAX_ATTEMPTS) return false;
      if (!digestsEqual(row.codeHash, codeHash(phone, purpose, code.trim()))) {
        await verifyCodeRepo.addAttempt(db, row.id);
        return false;
      }
      // A concurrent request may have used it first.
      if (!(await verifyCodeRepo.spend(db, row.id, MAX_ATTEMPTS))) return false;
      if (row.smsLogId) await sms.maskCode(row.smsLogId);
      return true;
    },

    /** A one-time random token bound to a phone, stored hashed; only this call sees it in clear. */
    async issueToken(phone: string, purpose: string, lifetimeMs: number): Promise<string> {
      const token = generateToken();
      await verifyCodeRepo.insert(db, { phone, purpose, codeHash: sha256Hex(token), expiresAt: new Date(Date.now() + lifetimeMs) });
      return token;
    },

    /** The phone a live token was issued for, spending the token; null when unknown, used or expired. */
    consumeToken: (purpose: string, token: string): Promise<string | null> => verifyCodeRepo.consumeToken(db, purpose, sha256Hex(token)),
  };
}
export type VerifyCodeService = ReturnType<typeof createVerifyCodeService>;

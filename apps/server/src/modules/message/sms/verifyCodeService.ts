import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { createdBy, DEL_FLAG, notDeleted } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { digestsEqual, generateToken, sha256Hex } from '../../../core/token';
import { findUserByPhone } from '../../system/user/service';
import type { SmsService } from './service';
import { sysVerifyCode } from './schema';

export const CODE_PURPOSES = ['LOGIN', 'REGISTER', 'RESET_PASSWORD', 'BIND_PHONE'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export const CODE_LIFETIME_MS = 5 * 60_000;
export const RESEND_INTERVAL_MS = 60_000;
export const DAILY_LIMIT_PER_PHONE = 10;
export const HOURLY_LIMIT_PER_IP = 20;
/** Wrong guesses a code survives; the next one finds it dead. */
export const MAX_ATTEMPTS = 5;

export const PHONE_REGISTERED = '该手机号已注册';
export const PHONE_BOUND = '该手机号已被其他账号绑定';
export const DAILY_LIMIT_REACHED = '今日发送次数已达上限';
export const IP_LIMIT_REACHED = '当前网络发送验证码过于频繁，请稍后再试';
export const resendMessage = (seconds: number) => `发送过于频繁，请 ${seconds} 秒后重试`;

export const smsText = (code: string) => `【蒲公英】您的验证码为 ${code}，${CODE_LIFETIME_MS / 60_000} 分钟内有效。如非本人操作请忽略。`;

/** Start of today in China Standard Time (UTC+8, no daylight saving): the day the daily limit counts. */
export function startOfChinaDay(now = Date.now()): Date {
  const offset = 8 * 3_600_000;
  return new Date(Math.floor((now + offset) / 86_400_000) * 86_400_000 - offset);
}

/** A code's hash is bound to its phone and purpose, so a stored hash says nothing reusable about another row. */
const codeHash = (phone: string, purpose: string, code: string) => sha256Hex(`${purpose}:${phone}:${code}`);

/**
 * SMS verification codes: 6 random digits, 5 minutes, stored hashed, single use,
 * compared in constant time, dead after 5 wrong guesses. Also one-time tokens
 * (e.g. the password-reset token) kept in the same table under their own purpose.
 */
export function createVerifyCodeService({ db, sms }: { db: Executor; sms: SmsService }) {
  /** Refuses when a limit is reached; runs under a per-phone lock so two requests cannot both slip under it. */
  async function checkLimits(tx: Executor, phone: string, purpose: CodePurpose, ip: string) {
    const now = Date.now();
    const live = and(notDeleted(sysVerifyCode), inArray(sysVerifyCode.purpose, [...CODE_PURPOSES]));
    const [last] = await tx
      .select({ at: max(sysVerifyCode.createTime) })
      .from(sysVerifyCode)
      .where(and(live, eq(sysVerifyCode.phone, phone), eq(sysVerifyCode.purpose, purpose), gt(sysVerifyCode.createTime, new Date(now - RESEND_INTERVAL_MS))));
    if (last?.at) throw errors.tooManyRequests(resendMessage(Math.max(1, Math.ceil((new Date(last.at).getTime() + RESEND_INTERVAL_MS - now) / 1000))));
    const [today] = await tx
      .select({ n: count() })
      .from(sysVerifyCode)
      .where(and(live, eq(sysVerifyCode.phone, phone), gte(sysVerifyCode.createTime, startOfChinaDay(now))));
    if ((today?.n ?? 0) >= DAILY_LIMIT_PER_PHONE) throw errors.tooManyRequests(DAILY_LIMIT_REACHED);
    const [fromIp] = await tx
      .select({ n: count() })
      .from(sysVerifyCode)
      .where(and(live, eq(sysVerifyCode.ip, ip), gt(sysVerifyCode.createTime, new Date(now - 3_600_000))));
    if ((fromIp?.n ?? 0) >= HOURLY_LIMIT_PER_IP) throw errors.tooManyRequests(IP_LIMIT_REACHED);
  }

  return {
    /**
     * POST /rest/captcha/sms. For LOGIN and RESET_PASSWORD an unregistered phone gets the same answer
     * (and counts against the same limits) but no message, so the call does not reveal who is registered.
     */
    async request(input: { phone: string; purpose: CodePurpose; ip: string }): Promise<{ expiresIn: number; resendIn: number }> {
      const { phone, purpose, ip } = input;
      const owner = await findUserByPhone(db, phone);
      if (purpose === 'REGISTER' && owner) throw errors.conflict(PHONE_REGISTERED);
      if (purpose === 'BIND_PHONE' && owner) throw errors.conflict(PHONE_BOUND);
      const deliver = purpose === 'REGISTER' || purpose === 'BIND_PHONE' || !!owner;

      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const codeId = await withTransaction(db, async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-code:${phone}`}))`);
        await checkLimits(tx, phone, purpose, ip);
        const [row] = await tx
          .insert(sysVerifyCode)
          .values({ phone, purpose, codeHash: codeHash(phone, purpose, code), expiresAt: new Date(Date.now() + CODE_LIFETIME_MS), ip, ...createdBy(null) })
          .returning({ id: sysVerifyCode.id });
        return row!.id;
      });
      if (deliver) {
        try {
          const smsLogId = await sms.send({ phone, content: smsText(code), purpose, ip });
          await db.update(sysVerifyCode).set({ smsLogId }).where(eq(sysVerifyCode.id, codeId));
        } catch (err) {
          // A code that never reached the user does not count against the limits.
          await db.update(sysVerifyCode).set({ delFlag: DEL_FLAG.DELETED }).where(eq(sysVerifyCode.id, codeId));
          throw err;
        }
      }
      return { expiresIn: CODE_LIFETIME_MS / 1000, resendIn: RESEND_INTERVAL_MS / 1000 };
    },

    /** True once for the right code of the newest live code of this phone and purpose; the code is spent then. */
    async verify(phone: string, purpose: CodePurpose, code: string): Promise<boolean> {
      const [row] = await db
        .select()
        .from(sysVerifyCode)
        .where(and(eq(sysVerifyCode.phone, phone), eq(sysVerifyCode.purpose, purpose), notDeleted(sysVerifyCode)))
        .orderBy(desc(sysVerifyCode.createTime), desc(sysVerifyCode.id))
        .limit(1);
      if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.attempts >= MAX_ATTEMPTS) return false;
      if (!digestsEqual(row.codeHash, codeHash(phone, purpose, code.trim()))) {
        await db.update(sysVerifyCode).set({ attempts: sql`${sysVerifyCode.attempts} + 1` }).where(eq(sysVerifyCode.id, row.id));
        return false;
      }
      const spent = await db
        .update(sysVerifyCode)
        .set({ usedAt: new Date() })
        .where(and(eq(sysVerifyCode.id, row.id), isNull(sysVerifyCode.usedAt), lt(sysVerifyCode.attempts, MAX_ATTEMPTS)))
        .returning({ id: sysVerifyCode.id });
      if (spent.length === 0) return false; // a concurrent request used it first
      if (row.smsLogId) await sms.maskCode(row.smsLogId);
      return true;
    },

    /** A one-time random token bound to a phone, stored hashed; only this call sees it in clear. */
    async issueToken(phone: string, purpose: string, lifetimeMs: number): Promise<string> {
      const token = generateToken();
      await db.insert(sysVerifyCode).values({ phone, purpose, codeHash: sha256Hex(token), expiresAt: new Date(Date.now() + lifetimeMs), ...createdBy(null) });
      return token;
    },

    /** The phone a live token was issued for, spending the token; null when unknown, used or expired. */
    async consumeToken(purpose: string, token: string): Promise<string | null> {
      const rows = await db
        .update(sysVerifyCode)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(sysVerifyCode.codeHash, sha256Hex(token)),
            eq(sysVerifyCode.purpose, purpose),
            isNull(sysVerifyCode.usedAt),
            gt(sysVerifyCode.expiresAt, new Date()),
            notDeleted(sysVerifyCode),
          ),
        )
        .returning({ phone: sysVerifyCode.phone });
      return rows[0]?.phone ?? null;
    },
  };
}
export type VerifyCodeService = ReturnType<typeof createVerifyCodeService>;

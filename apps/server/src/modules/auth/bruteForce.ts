import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import type { Executor } from '../../core/db';
import { sysLoginLog } from './schema';

/**
 * Counters behind the brute-force defence, read from the login log so they hold
 * across instances and restarts: within 15 minutes, 5 failures (by account or by
 * IP) require a captcha, 10 failures of an account lock it for 15 minutes.
 */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 5;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_DURATION_MS = 15 * 60_000;

export interface LoginRisk {
  accountFailures: number;
  ipFailures: number;
  captchaRequired: boolean;
  /** Milliseconds until the account unlocks; 0 when it is not locked. */
  lockedForMs: number;
}

export function createBruteForceGuard({ db }: { db: Executor }) {
  /** Failures since the later of (window start, last success) for one key. */
  async function failuresSince(column: typeof sysLoginLog.loginName | typeof sysLoginLog.ip, value: string, windowStart: Date) {
    const [lastSuccess] = await db
      .select({ at: max(sysLoginLog.createTime) })
      .from(sysLoginLog)
      .where(and(eq(column, value), eq(sysLoginLog.success, true), gt(sysLoginLog.createTime, windowStart)));
    const from = lastSuccess?.at && lastSuccess.at > windowStart ? lastSuccess.at : windowStart;
    const [row] = await db
      .select({ n: count() })
      .from(sysLoginLog)
      .where(and(eq(column, value), eq(sysLoginLog.success, false), gt(sysLoginLog.createTime, from)));
    return { failures: row?.n ?? 0, from };
  }

  return {
    async assess(loginName: string, ip: string): Promise<LoginRisk> {
      const now = Date.now();
      const windowStart = new Date(now - FAILURE_WINDOW_MS);
      const account = await failuresSince(sysLoginLog.loginName, loginName, windowStart);
      const byIp = await failuresSince(sysLoginLog.ip, ip, windowStart);
      let lockedForMs = 0;
      if (account.failures >= LOCK_AFTER_FAILURES) {
        // Locked from the failure that reached the limit; later attempts do not extend it.
        const rows = await db
          .select({ at: sysLoginLog.createTime })
          .from(sysLoginLog)
          .where(and(eq(sysLoginLog.loginName, loginName), eq(sysLoginLog.success, false), gt(sysLoginLog.createTime, account.from)))
          .orderBy(desc(sysLoginLog.createTime))
          .limit(1)
          .offset(account.failures - LOCK_AFTER_FAILURES);
        const lockedAt = rows[0]?.at.getTime() ?? now;
        lockedForMs = Math.max(0, lockedAt + LOCK_DURATION_MS - now);
      }
      return {
        accountFailures: account.failures,
        ipFailures: byIp.failures,
        captchaRequired: account.failures >= CAPTCHA_AFTER_FAILURES || byIp.failures >= CAPTCHA_AFTER_FAILURES,
        lockedForMs,
      };
    },
  };
}
export type BruteForceGuard = ReturnType<typeof createBruteForceGuard>;

import type { Executor } from '../../../core/db';
import * as repo from './repo';

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
  async function failuresSince(key: repo.FailureKey, windowStart: Date) {
    const lastSuccess = await repo.lastSuccessAfter(db, key, windowStart);
    const from = lastSuccess && lastSuccess > windowStart ? lastSuccess : windowStart;
    return { failures: await repo.failuresAfter(db, key, from), from };
  }

  return {
    async assess(loginName: string, ip: string): Promise<LoginRisk> {
      const now = Date.now();
      const windowStart = new Date(now - FAILURE_WINDOW_MS);
      const account = await failuresSince({ loginName }, windowStart);
      const byIp = await failuresSince({ ip }, windowStart);
      let lockedForMs = 0;
      if (account.failures >= LOCK_AFTER_FAILURES) {
        // Locked from the failure that reached the limit; later attempts do not extend it.
        const lockedAt = (await repo.failureTimeBack(db, loginName, account.from, account.failures - LOCK_AFTER_FAILURES))?.getTime() ?? now;
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

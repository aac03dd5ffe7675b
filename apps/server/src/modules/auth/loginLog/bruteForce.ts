import type { Executor } from '../../../core/db';
import * as repo from './repo';

/**
 * Counters behind the brute-force defence, read from the sign-in log so they hold across
 * instances and restarts. Only password checks count (a wrong password of an account, or a
 * password tried on a name nobody has); what never checks a password counts nothing.
 *
 * Within 15 minutes:
 * - 5 wrong passwords of an account make the captcha compulsory for that account, from anywhere;
 * - 5 failed password checks from one address make it compulsory for that address;
 * - 10 wrong passwords of an account from one address lock that account *from that address* for
 *   15 minutes. Nobody else's failures lock the owner out: from another address the owner signs in
 *   (with the captcha), and signing in with an SMS code works from anywhere.
 */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const CAPTCHA_AFTER_FAILURES = 5;
export const LOCK_AFTER_FAILURES = 10;
export const LOCK_DURATION_MS = 15 * 60_000;

export interface LoginRisk {
  accountFailures: number;
  ipFailures: number;
  captchaRequired: boolean;
  /** Milliseconds until the account unlocks from this address; 0 when it is not locked. */
  lockedForMs: number;
}

export function createBruteForceGuard({ db }: { db: Executor }) {
  /** Counted failures since the later of (window start, last success) for one key. */
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
        const pairKey = { loginName, ip };
        const pair = await failuresSince(pairKey, windowStart);
        if (pair.failures >= LOCK_AFTER_FAILURES) {
          // Locked from the failure that reached the limit; later attempts do not extend it.
          const lockedAt = (await repo.failureTimeBack(db, pairKey, pair.from, pair.failures - LOCK_AFTER_FAILURES))?.getTime() ?? now;
          lockedForMs = Math.max(0, lockedAt + LOCK_DURATION_MS - now);
        }
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

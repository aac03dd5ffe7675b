import type { PageParameter } from '@dandelion/shared';
import type { Db } from '../../../core/db';
import { paginate } from '../../../core/pagination';
import { createBruteForceGuard } from './bruteForce';
import { createLoginLogRepo, insertAttempt, countOfUser, lastSuccessOfUserBefore, pageOfUser, type LoginAttempt } from './repo';

export { CAPTCHA_AFTER_FAILURES, type LoginRisk } from './bruteForce';
export type { FailureKind } from './tables';
export type { LoginLogFilter, LoginLogItem } from './repo';

/**
 * The sign-in log: every attempt is written here, the brute-force counters and the owner's history
 * read it, and the log console's reads and retention purge are answered from here (the log area
 * receives `admin` through app.ts).
 */
export function createLoginLogModule({ db }: { db: Db }) {
  const guard = createBruteForceGuard({ db });
  return {
    /** Writes one attempt; the typed name and the user agent are cut to their columns. */
    async record(attempt: LoginAttempt): Promise<void> {
      await insertAttempt(db, { ...attempt, loginName: attempt.loginName.slice(0, 64), userAgent: attempt.userAgent?.slice(0, 512) ?? null });
    },
    /** Whether an account / IP needs a captcha or is locked, from the recent failures. */
    assess: guard.assess,
    /** "上次登录": the user's latest successful sign-in strictly before `before`. */
    lastSuccessBefore: (userId: number, before: Date) => lastSuccessOfUserBefore(db, userId, before),
    /** The user's own attempts, newest first. */
    pageOfUser: (userId: number, page: PageParameter) =>
      paginate(
        page,
        (limit, offset) => pageOfUser(db, userId, limit, offset),
        () => countOfUser(db, userId),
      ),
    admin: createLoginLogRepo(db),
  };
}
export type LoginLogModule = ReturnType<typeof createLoginLogModule>;

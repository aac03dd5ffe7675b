import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { accessLogCalls } from '@dandelion/shared/base/log';
import type { LogPage } from '../../../../core/listing';

/*
 * The sign-in log as this module reads it. The identity module owns the table and answers these
 * reads (auth/loginLog/repo.ts); app.ts passes it in.
 */

/** The list's search fields (also the export's). */
export type LoginLogFilter = ServerBody<typeof accessLogCalls.loginExport>;

export interface LoginLogItem {
  id: number;
  loginName: string;
  userId: number | null;
  loginType: string;
  ip: string;
  userAgent: string | null;
  success: boolean;
  message: string | null;
  createTime: Date;
}

export interface LoginLogSource {
  page(filter: LoginLogFilter, page: PageParameter): Promise<LogPage<LoginLogItem>>;
  forExport(filter: LoginLogFilter): Promise<LoginLogItem[]>;
  /** Attempts per China day since `since`: successes, failures and distinct users who got in. */
  perDay(since: Date): Promise<Array<{ date: string; success: number; failure: number; users: number }>>;
  /** Distinct users who signed in successfully since `since`. */
  distinctUsers(since: Date): Promise<number>;
  /** Retention: deletes the attempts made before `before`; answers how many went. */
  purgeBefore(before: Date): Promise<number>;
}

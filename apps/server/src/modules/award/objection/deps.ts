import type { Db, Executor } from '../../../core/db';
import type { WorkingDayCalendar } from '../../base/calendar/module';
import type { FileService } from '../../file/module';
import type { LastStretch } from '../declaration/module';
import type { PublicityEntryWindow } from '../publicity/module';

/** An in-site message in the caller's transaction. */
export type ObjectionTell = (ex: Executor, userIds: number[], message: { title: string; body: string; link: string | null }) => Promise<void>;

export interface ObjectionDeps {
  db: Db;
  /** The declaration's side: OBJECTION_HOLD on receipt, OBJECTION_RELEASE / OBJECTION_REMOVE at the end. */
  declarations: LastStretch;
  /** The publicity module answers the entry and whether its window is open at `now`. */
  entryWindow: (ex: Executor, publicityId: number, declarationId: number, now: Date) => Promise<PublicityEntryWindow | null>;
  /** The user module answers whether a person's identity is verified (实名认证) and their real name. */
  identityOf: (ex: Executor, userId: number) => Promise<{ verified: boolean; realName: string | null }>;
  /** Evidence and the unit's seal page are the filer's uploads, filed under the objection. */
  files: Pick<FileService, 'attach' | 'registerAccessRule'>;
  /** The handling deadline is counted in working days of the holiday calendar. */
  workingDays: WorkingDayCalendar;
  /** The objector is told the outcome, the handlers of what is due. */
  tell: ObjectionTell;
  /** The users holding a handling permission (受理, 调查, 处理结论): the reminder job tells them. */
  handlerIds: (ex: Executor) => Promise<number[]>;
  /** The clock: the window check and the receipt date (tests set it). */
  now?: () => Date;
  /** Working days the office has to conclude an objection (default OBJECTION_HANDLING_WORKING_DAYS). */
  handlingWorkingDays?: number;
}

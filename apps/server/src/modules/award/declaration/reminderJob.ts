import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import type { DeclarationDeps } from './context';
import { declarationRepo } from './repo';

/** The task code an installation schedules this job under. */
export const AWARD_DECLARATION_REMINDERS = 'AWARD_DECLARATION_REMINDERS';
export const AWARD_DECLARATION_REMINDERS_HANDLER = 'award.declarationReminders';
/** Working days ahead of a deadline at which applicants are reminded. */
export const REMINDER_WORKING_DAYS = 2;

const nameOf = (row: { title: string | null; registrationNo: string | null }) =>
  `「${row.title ?? '未命名项目'}」${row.registrationNo ? `（登记号 ${row.registrationNo}）` : ''}`;

/**
 * Reminds applicants of what is due soon, counted in working days of the holiday calendar: a fix
 * returned by formal review whose deadline is within two working days, and a draft or returned
 * declaration whose edition stops declaring within two working days. Run once a day, each reminder
 * goes out on the days the deadline is that close (at most three times for a Friday deadline seen
 * from Wednesday). Answers how many were sent.
 */
export async function sendDeadlineReminders(deps: DeclarationDeps): Promise<number> {
  const today = deps.today();
  const horizon = await deps.workingDays.addWorkingDays(today, REMINDER_WORKING_DAYS);
  let sent = 0;
  for (const row of await declarationRepo.fixesDueBy(deps.db, today, horizon)) {
    await deps.tell(deps.db, [row.applicantId], {
      title: '限期修改即将截止',
      body: `您的申报书${nameOf(row)}须于 ${row.fixDeadline} 前（含当日）修改后重新提交，逾期将不予受理。`,
    });
    sent += 1;
  }
  const unfinished = await declarationRepo.unsubmittedOf(deps.db);
  const editions = new Map((await deps.editions.among(deps.db, unfinished.map((r) => r.editionId))).map((e) => [e.id, e]));
  for (const row of unfinished) {
    const edition = editions.get(row.editionId);
    const end = edition?.published ? edition.stages.find((s) => s.stage === 'DECLARATION')?.endDate : null;
    if (!end || end < today || end > horizon) continue;
    const returned = row.status !== 'DRAFT';
    await deps.tell(deps.db, [row.applicantId], {
      title: returned ? '退回的申报书请尽快修改提交' : '申报即将截止',
      body: `${edition!.editionName}申报将于 ${end} 截止，您的申报书${nameOf(row)}${returned ? '已退回修改，' : ''}尚未提交，请在截止前完成并提交。`,
    });
    sent += 1;
  }
  return sent;
}

/** The scheduled job: deadline reminders by in-site message. */
export function reminderJob(deps: DeclarationDeps): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_DECLARATION_REMINDERS_HANDLER,
    title: '申报截止与限期修改提醒',
    description: `向申报人发送站内信：限期修改将在 ${REMINDER_WORKING_DAYS} 个工作日内截止，或届次申报将在 ${REMINDER_WORKING_DAYS} 个工作日内截止而申报书尚未提交。建议每天执行一次（任务编码 ${AWARD_DECLARATION_REMINDERS}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      return `发送提醒 ${await sendDeadlineReminders(deps)} 条`;
    },
  };
}

import { noJobParams, type JobDefinition } from '../../base/scheduler/module';
import type { ObjectionService } from './service';

/** The task code an installation schedules the job under, and the handler's name. */
export const AWARD_OBJECTION_REMINDERS = 'AWARD_OBJECTION_REMINDERS';
export const AWARD_OBJECTION_REMINDERS_HANDLER = 'award.objectionReminders';
/** Working days ahead of the handling deadline at which the handlers are reminded. */
export const OBJECTION_REMINDER_WORKING_DAYS = 2;

export function objectionReminderJob(objections: ObjectionService): JobDefinition<typeof noJobParams> {
  return {
    handler: AWARD_OBJECTION_REMINDERS_HANDLER,
    title: '异议处理期限提醒',
    description: `向异议处理人发送站内信：未结异议在 ${OBJECTION_REMINDER_WORKING_DAYS} 个工作日内到期或已逾期。建议每天执行一次（任务编码 ${AWARD_OBJECTION_REMINDERS}）。无参数。`,
    params: noJobParams,
    example: {},
    async run(_params, { signal }) {
      signal.throwIfAborted();
      return `发送提醒 ${await objections.remind(OBJECTION_REMINDER_WORKING_DAYS)} 条`;
    },
  };
}

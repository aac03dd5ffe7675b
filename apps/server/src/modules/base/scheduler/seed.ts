import { DEFAULT_LOG_RETENTION_DAYS } from '@dandelion/shared/base/log';
import type { Tx } from '../../../core/db';
import { taskRepo } from './repo';

/**
 * The housekeeping every installation runs from its first start: logs past the retention the
 * Cybersecurity Law asks for (six months) and ended sessions are purged at night. Administrators
 * may change or disable them like any task; a restart never re-creates one they deleted… unless
 * the code is free again, so a deleted job comes back at the next start (disable it to keep it off).
 */
export const MAINTENANCE_TASKS = [
  {
    taskCode: 'SYS_LOG_RETENTION',
    taskName: '清理过期日志',
    taskGroup: 'SYSTEM',
    cron: '0 30 3 * * *',
    handler: 'base.purgeLogs',
    params: { retentionDays: DEFAULT_LOG_RETENTION_DAYS },
    timeoutSeconds: 600,
    remark: '每天 03:30 删除 180 天前的接口调用、操作、登录、访问和任务执行日志',
  },
  {
    taskCode: 'SYS_SESSION_CLEANUP',
    taskName: '清理已结束的会话',
    taskGroup: 'SYSTEM',
    cron: '0 0 4 * * *',
    handler: 'auth.purgeEndedSessions',
    params: { keepDays: 30 },
    timeoutSeconds: 300,
    remark: '每天 04:00 删除过期或注销超过 30 天的登录会话',
  },
  {
    taskCode: 'SYS_DB_MAINTENANCE',
    taskName: '数据库整理',
    taskGroup: 'SYSTEM',
    cron: '0 30 4 * * *',
    handler: 'base.maintainDatabase',
    params: {},
    timeoutSeconds: 1800,
    remark: '每天 04:30 更新数据库统计信息；嵌入式数据库另回收已删除行的空间',
  },
  {
    // Scheduled publishing: an article published with a future time goes out within a minute of it.
    taskCode: 'CMS_PUBLISH_DUE',
    taskName: '发布到期的定时文章',
    taskGroup: 'CMS',
    cron: '0 * * * * *',
    handler: 'cms.publishDue',
    params: {},
    timeoutSeconds: 60,
    remark: '每分钟把发布时间已到的待发布文章改为已发布，并刷新门户缓存',
  },
  {
    // An edition opens and closes declaration by its dates within a minute of midnight (Beijing).
    taskCode: 'AWARD_EDITION_PHASES',
    taskName: '按日期推进届次阶段',
    taskGroup: 'AWARD',
    cron: '0 * * * * *',
    handler: 'award.editionPhases',
    params: {},
    timeoutSeconds: 60,
    remark: '每分钟按各阶段日期推进已发布届次的阶段：开始申报、截止申报、评审结束',
  },
  {
    // A publicity opens on its start date and closes after its end date (Beijing) within five minutes.
    taskCode: 'AWARD_PUBLICITY_WINDOWS',
    taskName: '按公示期开始和结束公示',
    taskGroup: 'AWARD',
    cron: '0 */5 * * * *',
    handler: 'award.publicityWindows',
    params: {},
    timeoutSeconds: 300,
    remark: '每 5 分钟开始到期的待开始公示、结束公示期满的公示，并刷新门户缓存',
  },
  {
    // Handlers hear each morning of open objections due within two working days or overdue.
    taskCode: 'AWARD_OBJECTION_REMINDERS',
    taskName: '异议处理期限提醒',
    taskGroup: 'AWARD',
    cron: '0 30 8 * * *',
    handler: 'award.objectionReminders',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 8:30 提醒异议处理人：2 个工作日内到期或已逾期的未结异议',
  },
  {
    // 限期修改 ends at the end of its Beijing day; a run shortly after midnight closes the missed ones.
    taskCode: 'AWARD_FIX_DEADLINES',
    taskName: '逾期未修改的申报书不予受理',
    taskGroup: 'AWARD',
    cron: '0 5 0 * * *',
    handler: 'award.fixDeadlines',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 00:05 把修改期限已过仍未重新提交的限期修改申报书改为不予受理，并通知申报人',
  },
  {
    // Applicants are told two working days ahead of a fix deadline or the end of the declaration window.
    taskCode: 'AWARD_DECLARATION_REMINDERS',
    taskName: '申报截止与限期修改提醒',
    taskGroup: 'AWARD',
    cron: '0 0 9 * * *',
    handler: 'award.declarationReminders',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 09:00 提醒申报人：限期修改或届次申报将在 2 个工作日内截止而申报书尚未提交',
  },
  {
    // Experts are told two working days ahead of their review deadline.
    taskCode: 'AWARD_ASSIGNMENT_REMINDERS',
    taskName: '专家评审截止提醒',
    taskGroup: 'AWARD',
    cron: '0 30 9 * * *',
    handler: 'award.assignmentReminders',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 09:30 提醒评审专家：评审任务将在 2 个工作日内截止而尚未提交',
  },
  {
    // A review past its deadline gives way to the next alternate shortly after midnight.
    taskCode: 'AWARD_ASSIGNMENT_OVERDUE',
    taskName: '专家评审超期递补',
    taskGroup: 'AWARD',
    cron: '0 10 0 * * *',
    handler: 'award.assignmentOverdue',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 00:10 把超过截止日期仍未提交的评审任务标记为已超期，并由下一位候补专家递补',
  },
  {
    // A suspension or blacklisting that has ended returns the expert to the pool.
    taskCode: 'AWARD_EXPERT_STANDING_EXPIRY',
    taskName: '专家暂停与黑名单到期恢复',
    taskGroup: 'AWARD',
    cron: '0 15 0 * * *',
    handler: 'award.expertStandingExpiry',
    params: {},
    timeoutSeconds: 300,
    remark: '每天 00:15 把暂停或黑名单截止日期已过的专家恢复为在库',
  },
] as const;

export async function seedMaintenanceTasks(tx: Tx): Promise<void> {
  for (const task of MAINTENANCE_TASKS) {
    if (await taskRepo.liveIdByCode(tx, task.taskCode)) continue;
    await taskRepo.insert(tx, { ...task, params: { ...task.params }, status: 'ENABLE' }, null);
  }
}

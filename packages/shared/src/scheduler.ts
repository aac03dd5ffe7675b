/**
 * Scheduled tasks (/base/scheduler, /rest/task/*): the values and limits the server checks and the
 * console's form and lists show, spelled once.
 */

/** A task fires only while ENABLE. */
export const TASK_STATUSES = ['ENABLE', 'DISABLE'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_LABELS: Readonly<Record<TaskStatus, string>> = { ENABLE: '启用', DISABLE: '停用' };

/** How a run started: its cron slot (SCHEDULE) or 立即执行 (MANUAL). */
export const TASK_TRIGGER_TYPES = ['SCHEDULE', 'MANUAL'] as const;
export type TaskTriggerType = (typeof TASK_TRIGGER_TYPES)[number];
export const TASK_TRIGGER_LABELS: Readonly<Record<TaskTriggerType, string>> = { SCHEDULE: '定时触发', MANUAL: '手动执行' };

/** A run's outcome; RUNNING until it ends. */
export const TASK_RUN_STATUSES = ['RUNNING', 'SUCCESS', 'FAILED', 'TIMEOUT', 'SKIPPED'] as const;
export type TaskRunStatus = (typeof TASK_RUN_STATUSES)[number];
export const TASK_RUN_STATUS_LABELS: Readonly<Record<TaskRunStatus, string>> = {
  RUNNING: '执行中',
  SUCCESS: '成功',
  FAILED: '失败',
  TIMEOUT: '超时',
  SKIPPED: '已跳过',
};

/** Cron expressions are read in this time zone, and fire times are shown in it. */
export const TASK_TIME_ZONE = 'Asia/Shanghai';

/** Bounds of a task's numeric settings, with the messages the server answers and the form shows. */
export const TASK_LIMITS = {
  timeoutSeconds: { min: 1, max: 86_400, message: '超时时间必须是 1 到 86400 之间的整数（秒）' },
  maxRetries: { min: 0, max: 10, message: '重试次数必须是 0 到 10 之间的整数' },
  retryBackoffSeconds: { min: 1, max: 3_600, message: '重试间隔必须是 1 到 3600 之间的整数（秒）' },
} as const;

export const TASK_MESSAGES = {
  codeRequired: '请输入任务编码',
  codePattern: '任务编码只能包含字母、数字和下划线',
  codeTooLong: '任务编码不能超过64个字符',
  nameRequired: '请输入任务名称',
  nameTooLong: '任务名称不能超过64个字符',
  groupPattern: '任务分组只能包含字母、数字和下划线，且不超过32个字符',
  cronRequired: '请输入 Cron 表达式',
  cronFields: 'Cron 表达式须为 6 个字段：秒 分 时 日 月 周，例如 0 0 2 * * *',
  cronInvalid: 'Cron 表达式不正确，请检查各字段的取值：秒 0-59、分 0-59、时 0-23、日 1-31、月 1-12、周 0-7 或 SUN-SAT',
  cronNever: '该 Cron 表达式不会再触发，请检查日期字段',
  handlerRequired: '请选择任务处理器',
  paramsObject: '任务参数必须是 JSON 对象',
} as const;

/** Six-field cron presets offered beside the form's cron field. */
export const CRON_PRESETS: ReadonlyArray<{ label: string; cron: string }> = [
  { label: '每 10 秒', cron: '*/10 * * * * *' },
  { label: '每分钟', cron: '0 * * * * *' },
  { label: '每 5 分钟', cron: '0 */5 * * * *' },
  { label: '每小时', cron: '0 0 * * * *' },
  { label: '每天 02:00', cron: '0 0 2 * * *' },
  { label: '工作日 09:00', cron: '0 0 9 * * 1-5' },
  { label: '每周一 03:00', cron: '0 0 3 * * 1' },
  { label: '每月 1 日 04:00', cron: '0 0 4 1 * *' },
];

/** How many upcoming fire times the form previews. */
export const NEXT_FIRE_PREVIEW_COUNT = 5;

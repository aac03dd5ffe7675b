/**
 * Scheduled tasks (/base/scheduler, spec §7 /rest/task/*; the member names are ours, in the spec's
 * style): the values and limits the server checks and the console's form and lists show, and the
 * calls, spelled once.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { auditFields, zLockVersion, zRemark } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';

export const SCHEDULER_PERMISSIONS = permissionsOf('base:scheduler', ['list', 'add', 'upd', 'detail', 'del', 'enable', 'run', 'log', 'logdetail']);

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

/** One problem the server found in a task's parameters (`attributes.paramErrors` of its 400 answer). */
export interface TaskParamError {
  /** Dotted path inside the parameters ('' for the object itself). */
  path: string;
  message: string;
}

const TAG = '定时任务';

const bounded = (limits: { min: number; max: number; message: string }, fallback: number) =>
  z.number({ error: limits.message }).int(limits.message).min(limits.min, limits.message).max(limits.max, limits.message).default(fallback);

export const zTaskStatus = z.enum(TASK_STATUSES, { error: '状态只能是 ENABLE 或 DISABLE' });

/** Fields of add and update, with the messages the form shows too. */
export const taskBody = z.object({
  taskCode: z
    .string({ error: TASK_MESSAGES.codeRequired })
    .trim()
    .min(1, TASK_MESSAGES.codeRequired)
    .max(64, TASK_MESSAGES.codeTooLong)
    .regex(/^[A-Za-z0-9_]+$/, TASK_MESSAGES.codePattern),
  taskName: z.string({ error: TASK_MESSAGES.nameRequired }).trim().min(1, TASK_MESSAGES.nameRequired).max(64, TASK_MESSAGES.nameTooLong),
  taskGroup: z
    .string({ error: TASK_MESSAGES.groupPattern })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,32}$/, TASK_MESSAGES.groupPattern)
    .default('DEFAULT'),
  cron: z.string({ error: TASK_MESSAGES.cronRequired }).trim().min(1, TASK_MESSAGES.cronRequired).max(128, TASK_MESSAGES.cronInvalid),
  handler: z.string({ error: TASK_MESSAGES.handlerRequired }).trim().min(1, TASK_MESSAGES.handlerRequired).max(64, TASK_MESSAGES.handlerRequired),
  params: z.record(z.string(), z.unknown(), { error: TASK_MESSAGES.paramsObject }).default({}),
  status: zTaskStatus.default('DISABLE'),
  skipIfRunning: z.boolean({ error: '「跳过重叠执行」只能是 true 或 false' }).default(true),
  timeoutSeconds: bounded(TASK_LIMITS.timeoutSeconds, 60),
  maxRetries: bounded(TASK_LIMITS.maxRetries, 0),
  retryBackoffSeconds: bounded(TASK_LIMITS.retryBackoffSeconds, 5),
  remark: zRemark,
});

/** A task as answered; the list adds its latest run. */
export const taskRow = z.object({
  taskId: zId,
  taskCode: z.string(),
  taskName: z.string(),
  taskGroup: z.string(),
  cron: z.string(),
  handler: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: zTaskStatus,
  skipIfRunning: z.boolean(),
  timeoutSeconds: z.number(),
  maxRetries: z.number(),
  retryBackoffSeconds: z.number(),
  remark: z.string().nullable(),
  /** The next slot in China time's cron, null while disabled. */
  nextFireTime: zDateTime.nullable(),
  ...auditFields,
  /** The task's latest run (the list's 最近执行 column); only the page carries it. */
  lastRun: z.object({ status: z.string(), startTime: zDateTime, durationMs: z.number().nullable() }).nullable().optional(),
});

/** One run of a task (its log row). */
export const taskRunRow = z.object({
  logId: zId,
  taskId: zId,
  taskCode: z.string().nullable(),
  taskName: z.string().nullable(),
  triggerType: z.string(),
  fireTime: zDateTime,
  instanceId: z.string(),
  status: z.string(),
  attempts: z.number(),
  startTime: zDateTime,
  endTime: zDateTime.nullable(),
  durationMs: z.number().nullable(),
  /** The list carries the first 200 characters; getTaskLogById the whole body. */
  message: z.string().nullable(),
  createTime: zDateTime,
});

/**
 * The task's record calls: page, detail, add, update, delete and batch delete. Its status
 * (ENABLE / DISABLE) is not the records' NORMAL / DISABLED: 启用/停用 is in `schedulerCalls`.
 */
export const taskCalls = recordCalls({
  tag: TAG,
  entity: '任务',
  idField: 'taskId',
  row: taskRow,
  body: taskBody,
  filter: {
    taskName: z.string().trim().max(64).optional(),
    taskCode: z.string().trim().max(64).optional(),
    taskGroup: z.string().trim().max(32).optional(),
    status: zTaskStatus.optional(),
    handler: z.string().trim().max(64).optional(),
  },
  permissions: SCHEDULER_PERMISSIONS,
  paths: {
    page: '/rest/task/getTaskPage',
    detail: '/rest/task/getTaskById',
    add: '/rest/task/addTask',
    update: '/rest/task/updateTask',
    remove: '/rest/task/deleteTask',
    removeMany: '/rest/task/deleteTaskByIds',
  },
  summaries: {
    page: '定时任务分页（新建在前），带下次触发时间和最近一次执行',
    detail: '定时任务详情',
    add: '新增定时任务：任务编码唯一；Cron 为 6 段（含秒，按北京时间）；参数按所选处理器校验',
    update: '修改定时任务（乐观锁：lockVersion 过期返回 409）；所有实例立即按新设置调度',
    remove: '删除定时任务（逻辑删除，立即取消调度；执行日志保留）',
    removeMany: '批量删除定时任务（全部成功或全部不删）',
  },
});

const COUNT_MESSAGE = '数量必须是 1 到 20 之间的整数';

/** 启用/停用, 立即执行, the run log, the job list and the cron preview. */
export const schedulerCalls = {
  updateStatus: defineCall({
    method: 'POST',
    path: '/rest/task/updateStatus',
    access: SCHEDULER_PERMISSIONS.enable,
    tag: TAG,
    summary: '启用（ENABLE）或停用（DISABLE）定时任务；停用后所有实例立即停止触发',
    body: z.object({ taskId: zId, lockVersion: zLockVersion, status: zTaskStatus }),
    response: taskRow,
  }),
  run: defineCall({
    method: 'POST',
    path: '/rest/task/runTask',
    access: SCHEDULER_PERMISSIONS.run,
    tag: TAG,
    summary: '立即执行一次（手动触发，不论启用与否）；答复执行日志编号，执行在后台进行；开启“跳过重叠执行”且正在执行时返回 409',
    body: z.object({ taskId: zId }),
    response: z.object({ runId: zId }),
  }),
  runPage: defineCall({
    method: 'POST',
    path: '/rest/task/getTaskLogPage',
    access: SCHEDULER_PERMISSIONS.log,
    tag: TAG,
    summary: '执行日志分页（开始时间倒序）：按任务、状态、触发方式、开始时间范围筛选；消息只含前 200 个字符',
    body: z.object({
      pageParameter: zPageParameter,
      taskId: zId.optional(),
      status: z.enum(TASK_RUN_STATUSES, { error: '执行状态只能是 RUNNING、SUCCESS、FAILED、TIMEOUT 或 SKIPPED' }).optional(),
      triggerType: z.enum(TASK_TRIGGER_TYPES, { error: '触发方式只能是 SCHEDULE 或 MANUAL' }).optional(),
      beginTime: zDateTime.optional(),
      endTime: zDateTime.optional(),
    }),
    response: pageOf(taskRunRow),
  }),
  runDetail: defineCall({
    method: 'POST',
    path: '/rest/task/getTaskLogById',
    access: SCHEDULER_PERMISSIONS.logdetail,
    tag: TAG,
    summary: '执行日志详情：完整的消息内容与各项时间',
    body: z.object({ logId: zId }),
    response: taskRunRow,
  }),
  handlers: defineCall({
    method: 'POST',
    path: '/rest/task/getHandlers',
    access: SCHEDULER_PERMISSIONS.list,
    tag: TAG,
    summary: '可选的任务处理器（内置任务及各模块注册的任务）：名称、说明与示例参数',
    response: z.array(z.object({ handler: z.string(), title: z.string(), description: z.string(), example: z.record(z.string(), z.unknown()) })),
  }),
  nextFireTimes: defineCall({
    method: 'POST',
    path: '/rest/task/nextFireTimes',
    access: SCHEDULER_PERMISSIONS.list,
    tag: TAG,
    summary: '校验 Cron 表达式并答复接下来的触发时间（默认 5 个）',
    body: z.object({
      cron: z.string({ error: TASK_MESSAGES.cronRequired }).max(128, TASK_MESSAGES.cronInvalid),
      count: z.number().int().min(1, COUNT_MESSAGE).max(20, COUNT_MESSAGE).optional(),
    }),
    response: z.object({ cron: z.string(), times: z.array(zDateTime) }),
  }),
};

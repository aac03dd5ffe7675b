import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TASK_LIMITS, TASK_MESSAGES, TASK_RUN_STATUSES, TASK_STATUSES, TASK_TRIGGER_TYPES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zRemark } from '@dandelion/shared';
import type { TaskService } from './service';

const TAG = '定时任务';

const bounded = (limits: { min: number; max: number; message: string }, fallback: number) =>
  z.number({ error: limits.message }).int(limits.message).min(limits.min, limits.message).max(limits.max, limits.message).default(fallback);

const zTaskStatus = z.enum(TASK_STATUSES, { error: '状态只能是 ENABLE 或 DISABLE' });

const taskBody = z.object({
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

const taskFields = {
  taskId: zId,
  taskCode: z.string(),
  taskName: z.string(),
  taskGroup: z.string(),
  cron: z.string(),
  handler: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: z.string(),
  skipIfRunning: z.boolean(),
  timeoutSeconds: z.number(),
  maxRetries: z.number(),
  retryBackoffSeconds: z.number(),
  remark: z.string().nullable(),
  /** The next slot in China time's cron, null while disabled. */
  nextFireTime: zDateTime.nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
};
const taskSchema = z.object(taskFields);
const taskRowSchema = z.object({
  ...taskFields,
  lastRun: z.object({ status: z.string(), startTime: zDateTime, durationMs: z.number().nullable() }).nullable(),
});

const runSchema = z.object({
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

const zIds = z.array(zId, { error: '请选择要删除的任务' }).min(1, '请选择要删除的任务').max(500, '一次最多删除 500 个任务');

/** Scheduled tasks (spec §7 /rest/task/*; the member names are ours, in the spec's style). */
export function registerTaskRoutes(app: FastifyInstance, { tasks }: { tasks: TaskService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/task/getTaskPage',
    {
      config: { permission: 'base:scheduler:list' },
      schema: {
        tags: [TAG],
        summary: '定时任务分页（新建在前），带下次触发时间和最近一次执行',
        body: z.object({
          pageParameter: zPageParameter,
          taskName: z.string().trim().max(64).optional(),
          taskCode: z.string().trim().max(64).optional(),
          taskGroup: z.string().trim().max(32).optional(),
          status: zTaskStatus.optional(),
          handler: z.string().trim().max(64).optional(),
        }),
        response: { 200: envelopeOf(pageOf(taskRowSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await tasks.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/task/getTaskById',
    {
      config: { permission: 'base:scheduler:detail' },
      schema: { tags: [TAG], summary: '定时任务详情', body: z.object({ taskId: zId }), response: { 200: envelopeOf(taskSchema) } },
    },
    async (request) => ok(await tasks.detail(request.body.taskId)),
  );

  r.post(
    '/rest/task/addTask',
    {
      config: { permission: 'base:scheduler:add' },
      schema: {
        tags: [TAG],
        summary: '新增定时任务：任务编码唯一；Cron 为 6 段（含秒，按北京时间）；参数按所选处理器校验',
        body: taskBody,
        response: { 200: envelopeOf(taskSchema) },
      },
    },
    async (request) => ok(await tasks.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/task/updateTask',
    {
      config: { permission: 'base:scheduler:upd' },
      schema: {
        tags: [TAG],
        summary: '修改定时任务（乐观锁：lockVersion 过期返回 409）；所有实例立即按新设置调度',
        body: taskBody.extend({ taskId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(taskSchema) },
      },
    },
    async (request) => {
      const { taskId, lockVersion, ...input } = request.body;
      return ok(await tasks.update(taskId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/task/updateStatus',
    {
      config: { permission: 'base:scheduler:enable' },
      schema: {
        tags: [TAG],
        summary: '启用（ENABLE）或停用（DISABLE）定时任务；停用后所有实例立即停止触发',
        body: z.object({ taskId: zId, lockVersion: zLockVersion, status: zTaskStatus }),
        response: { 200: envelopeOf(taskSchema) },
      },
    },
    async (request) => {
      const { taskId, lockVersion, status } = request.body;
      return ok(await tasks.updateStatus(taskId, lockVersion, status, changeOf(request)), status === 'ENABLE' ? '已启用' : '已停用');
    },
  );

  r.post(
    '/rest/task/deleteTask',
    {
      config: { permission: 'base:scheduler:del' },
      schema: {
        tags: [TAG],
        summary: '删除定时任务（逻辑删除，立即取消调度；执行日志保留）',
        body: z.object({ taskId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await tasks.remove(request.body.taskId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/task/deleteTaskByIds',
    {
      config: { permission: 'base:scheduler:del' },
      schema: {
        tags: [TAG],
        summary: '批量删除定时任务（全部成功或全部不删）',
        body: z.object({ ids: zIds }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await tasks.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );

  r.post(
    '/rest/task/runTask',
    {
      config: { permission: 'base:scheduler:run' },
      schema: {
        tags: [TAG],
        summary: '立即执行一次（手动触发，不论启用与否）；答复执行日志编号，执行在后台进行；开启“跳过重叠执行”且正在执行时返回 409',
        body: z.object({ taskId: zId }),
        response: { 200: envelopeOf(z.object({ runId: zId })) },
      },
    },
    async (request) => ok(await tasks.runNow(request.body.taskId, changeOf(request)), '已开始执行'),
  );

  r.post(
    '/rest/task/getTaskLogPage',
    {
      config: { permission: 'base:scheduler:log' },
      schema: {
        tags: [TAG],
        summary: '执行日志分页（开始时间倒序）：按任务、状态、触发方式、开始时间范围筛选；消息只含前 200 个字符',
        body: z.object({
          pageParameter: zPageParameter,
          taskId: zId.optional(),
          status: z.enum(TASK_RUN_STATUSES, { error: '执行状态只能是 RUNNING、SUCCESS、FAILED、TIMEOUT 或 SKIPPED' }).optional(),
          triggerType: z.enum(TASK_TRIGGER_TYPES, { error: '触发方式只能是 SCHEDULE 或 MANUAL' }).optional(),
          beginTime: zDateTime.optional(),
          endTime: zDateTime.optional(),
        }),
        response: { 200: envelopeOf(pageOf(runSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await tasks.runPage(filter, pageParameter));
    },
  );

  r.post(
    '/rest/task/getTaskLogById',
    {
      config: { permission: 'base:scheduler:logdetail' },
      schema: { tags: [TAG], summary: '执行日志详情：完整的消息内容与各项时间', body: z.object({ logId: zId }), response: { 200: envelopeOf(runSchema) } },
    },
    async (request) => ok(await tasks.runDetail(request.body.logId)),
  );

  r.post(
    '/rest/task/getHandlers',
    {
      config: { permission: 'base:scheduler:list' },
      schema: {
        tags: [TAG],
        summary: '可选的任务处理器（内置任务及各模块注册的任务）：名称、说明与示例参数',
        response: {
          200: envelopeOf(z.array(z.object({ handler: z.string(), title: z.string(), description: z.string(), example: z.record(z.string(), z.unknown()) }))),
        },
      },
    },
    async () => ok(tasks.handlers()),
  );

  r.post(
    '/rest/task/nextFireTimes',
    {
      config: { permission: 'base:scheduler:list' },
      schema: {
        tags: [TAG],
        summary: '校验 Cron 表达式并答复接下来的触发时间（默认 5 个）',
        body: z.object({
          cron: z.string({ error: TASK_MESSAGES.cronRequired }).max(128, TASK_MESSAGES.cronInvalid),
          count: z.number().int().min(1, '数量必须是 1 到 20 之间的整数').max(20, '数量必须是 1 到 20 之间的整数').optional(),
        }),
        response: { 200: envelopeOf(z.object({ cron: z.string(), times: z.array(zDateTime) })) },
      },
    },
    async (request) => ok(tasks.nextFireTimes(request.body.cron, request.body.count)),
  );
}

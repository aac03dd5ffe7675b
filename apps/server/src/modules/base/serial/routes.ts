import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERIAL_LIMITS, SERIAL_MESSAGES, serialRuleInputSchema } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zRecordStatus, zRemark } from '@dandelion/shared';
import type { SerialAdminService } from './admin';

const TAG = '流水号';

const ruleSchema = z.object({
  ruleId: zId,
  ruleCode: z.string(),
  ruleName: z.string(),
  prefix: z.string(),
  datePattern: z.string(),
  separator: z.string(),
  seqLength: z.number(),
  resetPeriod: z.string(),
  step: z.number(),
  startValue: z.number(),
  currentValue: z.number().nullable(),
  currentPeriod: z.string().nullable(),
  lastTakeTime: zDateTime.nullable(),
  status: z.string(),
  remark: z.string().nullable(),
  /** The number 取号 would hand out next, or null when the digits have run out in this period. */
  nextSample: z.string().nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

const batchSchema = z.object({
  ruleCode: z.string(),
  values: z.array(z.string()),
  firstValue: z.number(),
  lastValue: z.number(),
  period: z.string(),
});

const ruleBody = serialRuleInputSchema.extend({ status: zRecordStatus.default('NORMAL'), remark: zRemark });
const zRuleCode = z.string({ error: '请输入规则编码' }).trim().min(1, '请输入规则编码').max(SERIAL_LIMITS.codeMax, SERIAL_MESSAGES.codeMax);
const zCount = z
  .number({ error: SERIAL_MESSAGES.count })
  .int(SERIAL_MESSAGES.count)
  .min(1, SERIAL_MESSAGES.count)
  .max(SERIAL_LIMITS.countMax, SERIAL_MESSAGES.count)
  .default(1);

/** Serial-number rules (spec §2 /base/serial/serialList; the call names are ours). */
export function registerSerialRoutes(app: FastifyInstance, { rules }: { rules: SerialAdminService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/serial/page',
    {
      config: { permission: 'base:serial:list' },
      schema: {
        tags: [TAG],
        summary: '流水号规则分页（按规则编码），每行带下一个编号的预览',
        body: z.object({
          pageParameter: zPageParameter,
          ruleCode: z.string().trim().max(64).optional(),
          ruleName: z.string().trim().max(64).optional(),
          status: zRecordStatus.optional(),
        }),
        response: { 200: envelopeOf(pageOf(ruleSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await rules.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/serial/detail',
    {
      config: { permission: 'base:serial:list' },
      schema: { tags: [TAG], summary: '流水号规则详情', body: z.object({ ruleId: zId }), response: { 200: envelopeOf(ruleSchema) } },
    },
    async (request) => ok(await rules.detail(request.body.ruleId)),
  );

  r.post(
    '/rest/serial/add',
    {
      config: { permission: 'base:serial:add' },
      schema: {
        tags: [TAG],
        summary: '新增流水号规则：规则编码唯一；按日/月/年重置时日期格式须包含该周期',
        body: ruleBody,
        response: { 200: envelopeOf(ruleSchema) },
      },
    },
    async (request) => ok(await rules.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/serial/update',
    {
      config: { permission: 'base:serial:upd' },
      schema: {
        tags: [TAG],
        summary: '修改流水号规则（乐观锁）：新格式从下一个编号起生效，计数不中断',
        body: ruleBody.extend({ ruleId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(ruleSchema) },
      },
    },
    async (request) => {
      const { ruleId, lockVersion, ...values } = request.body;
      return ok(await rules.update(ruleId, lockVersion, values, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/serial/updateStatus',
    {
      config: { permission: 'base:serial:upd' },
      schema: {
        tags: [TAG],
        summary: '启用（NORMAL）或停用（DISABLED）流水号规则；停用的规则不能取号',
        body: z.object({ ruleId: zId, lockVersion: zLockVersion, status: zRecordStatus }),
        response: { 200: envelopeOf(ruleSchema) },
      },
    },
    async (request) => {
      const { ruleId, lockVersion, status } = request.body;
      return ok(await rules.updateStatus(ruleId, lockVersion, status, changeOf(request)), status === 'NORMAL' ? '已启用' : '已停用');
    },
  );

  r.post(
    '/rest/serial/delete',
    {
      config: { permission: 'base:serial:del' },
      schema: {
        tags: [TAG],
        summary: '删除流水号规则（逻辑删除）；已发放过编号的规则拒绝删除（409），请停用',
        body: z.object({ ruleId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await rules.remove(request.body.ruleId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/serial/reset',
    {
      config: { permission: 'base:serial:upd' },
      schema: {
        tags: [TAG],
        summary: '重置计数（须输入规则编码确认）：currentValue 为空时下一个编号从起始值开始，否则从该值之后继续',
        body: z.object({
          ruleId: zId,
          lockVersion: zLockVersion,
          confirmCode: z.string({ error: '请输入规则编码确认重置' }).trim().min(1, '请输入规则编码确认重置'),
          currentValue: z.number({ error: '当前值必须是不小于 0 的整数' }).int('当前值必须是不小于 0 的整数').min(0, '当前值必须是不小于 0 的整数').nullish().transform((v) => v ?? null),
        }),
        response: { 200: envelopeOf(ruleSchema) },
      },
    },
    async (request) => {
      const { ruleId, lockVersion, confirmCode, currentValue } = request.body;
      return ok(await rules.reset(ruleId, lockVersion, confirmCode, currentValue, changeOf(request)), '已重置');
    },
  );

  r.post(
    '/rest/serial/preview',
    {
      config: { permission: 'base:serial:list' },
      schema: {
        tags: [TAG],
        summary: '预览接下来的编号（不占用）；exhausted 表示本周期剩余的序号不足所求数量',
        body: z.object({ ruleCode: zRuleCode, count: zCount }),
        response: { 200: envelopeOf(batchSchema.extend({ exhausted: z.boolean() })) },
      },
    },
    async (request) => ok(await rules.preview(request.body.ruleCode, request.body.count)),
  );

  r.post(
    '/rest/serial/next',
    {
      config: { permission: 'base:serial:next' },
      schema: {
        tags: [TAG],
        summary: '取号：一次取 count 个连续编号（默认 1，最多 1000）；并发调用不会重号或跳号；停用或序号用完时拒绝（409）',
        body: z.object({ ruleCode: zRuleCode, count: zCount }),
        response: { 200: envelopeOf(batchSchema) },
      },
    },
    async (request) => ok(await rules.take(request.body.ruleCode, request.body.count, changeOf(request)), '取号成功'),
  );
}

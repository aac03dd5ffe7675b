import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_CHANNELS, TEMPLATE_PERMISSIONS } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import type { Directory } from '../directory';
import { directoryUserSchema } from '../notice/receiptRoutes';
import type { TemplateSender } from './sender';
import { SEND_RECIPIENTS_MAX } from './sender';
import type { TemplateService } from './service';

const TAG = '消息模板';

const zChannel = z.enum(MESSAGE_CHANNELS, { error: '发送渠道只能是 SITE（站内消息）、SMS（短信）或 EMAIL（电子邮件）' });
const zStatus = z.enum(['NORMAL', 'DISABLED'], { error: '状态只能是 NORMAL 或 DISABLED' });
const zLockVersion = z.number({ error: '缺少版本号 lockVersion' }).int().min(0);
const zValue = z.union([z.string().max(500, '变量的值不能超过500个字符'), z.number()], { error: '变量的值必须是文字或数字' });

const templateBody = z.object({
  templateCode: z
    .string({ error: '请输入模板编码' })
    .trim()
    .min(1, '请输入模板编码')
    .max(64, '模板编码不能超过64个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '模板编码只能包含字母、数字和下划线，且以字母开头'),
  templateName: z.string({ error: '请输入模板名称' }).trim().min(1, '请输入模板名称').max(100, '模板名称不能超过100个字符'),
  channel: zChannel,
  title: z.string().trim().max(200, '标题不能超过200个字符').nullish().transform((v) => v || null),
  content: z.string({ error: '请输入模板内容' }).trim().min(1, '请输入模板内容').max(2000, '模板内容不能超过2000个字符'),
  sampleValues: z.record(z.string(), z.string().max(500, '示例值不能超过500个字符'), { error: '示例值格式不正确' }).default({}),
  status: zStatus.default('NORMAL'),
  remark: z.string().trim().max(512, '备注不能超过512个字符').nullish().transform((v) => v || null),
});

const templateSchema = z.object({
  templateId: zId,
  templateCode: z.string(),
  templateName: z.string(),
  channel: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  sampleValues: z.record(z.string(), z.string()),
  variables: z.array(z.string()),
  status: z.string(),
  remark: z.string().nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

const sendLogSchema = z.object({
  logId: zId,
  templateId: zId,
  templateCode: z.string(),
  channel: z.string(),
  batchId: z.string(),
  userId: zId.nullable(),
  recipientName: z.string().nullable(),
  address: z.string().nullable(),
  title: z.string().nullable(),
  content: z.string(),
  status: z.string(),
  error: z.string().nullable(),
  provider: z.string(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
});

/** Message templates (spec §7 /rest/templateService/*; getTemplateById, updateTemplate, getSendLogByPage and searchRecipients are ours). */
export function registerTemplateRoutes(app: FastifyInstance, deps: { templates: TemplateService; sender: TemplateSender; directory: Directory }) {
  const { templates, sender, directory } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/templateService/getTemplateByPage',
    {
      config: { permission: TEMPLATE_PERMISSIONS.list },
      schema: {
        tags: [TAG],
        summary: '消息模板分页（最近修改在前）',
        body: z.object({
          pageParameter: zPageParameter,
          templateCode: z.string().trim().max(64).optional(),
          templateName: z.string().trim().max(100).optional(),
          channel: zChannel.optional(),
          status: zStatus.optional(),
        }),
        response: { 200: envelopeOf(pageOf(templateSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await templates.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/templateService/getTemplateById',
    {
      config: { permission: TEMPLATE_PERMISSIONS.detail },
      schema: { tags: [TAG], summary: '消息模板详情（含变量列表）', body: z.object({ templateId: zId }), response: { 200: envelopeOf(templateSchema) } },
    },
    async (request) => ok(await templates.detail(request.body.templateId)),
  );

  r.post(
    '/rest/templateService/addTemplate',
    {
      config: { permission: TEMPLATE_PERMISSIONS.add },
      schema: {
        tags: [TAG],
        summary: '新增消息模板：编码唯一；标题和内容中用 ${变量名} 写变量，$${ 表示字面的 ${',
        body: templateBody,
        response: { 200: envelopeOf(templateSchema) },
      },
    },
    async (request) => ok(await templates.add(request.body, changeOf(request)), '新增成功'),
  );

  r.post(
    '/rest/templateService/updateTemplate',
    {
      config: { permission: TEMPLATE_PERMISSIONS.upd },
      schema: {
        tags: [TAG],
        summary: '修改消息模板（乐观锁：lockVersion 过期返回 409）',
        body: templateBody.extend({ templateId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(templateSchema) },
      },
    },
    async (request) => {
      const { templateId, lockVersion, ...input } = request.body;
      return ok(await templates.update(templateId, lockVersion, input, changeOf(request)), '修改成功');
    },
  );

  r.post(
    '/rest/templateService/deleteTemplateById',
    {
      config: { permission: TEMPLATE_PERMISSIONS.del },
      schema: {
        tags: [TAG],
        summary: '删除消息模板（逻辑删除；发送记录保留）',
        body: z.object({ templateId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await templates.remove(request.body.templateId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );

  r.post(
    '/rest/templateService/deleteTemplateByIds',
    {
      config: { permission: TEMPLATE_PERMISSIONS.del },
      schema: {
        tags: [TAG],
        summary: '批量删除消息模板（全部成功或全部不删）',
        body: z.object({ ids: z.array(zId, { error: '请选择要删除的模板' }).min(1, '请选择要删除的模板').max(500, '一次最多删除 500 个模板') }),
        response: { 200: envelopeOf(z.object({ deleted: z.number() })) },
      },
    },
    async (request) => ok({ deleted: await templates.removeMany(request.body.ids, changeOf(request)) }, '删除成功'),
  );

  r.post(
    '/rest/templateService/sendMsg',
    {
      config: { permission: TEMPLATE_PERMISSIONS.send },
      schema: {
        tags: [TAG],
        summary: '按模板给选定用户发送消息（站内消息、短信或邮件），每个收信人记一条发送记录',
        description: 'templateId 或 templateCode 二选一；values 必须为模板的每个变量给出非空的值，且不能含模板没有的变量，否则 400 并列出变量名。',
        body: z
          .object({
            templateId: zId.optional(),
            templateCode: z.string().trim().max(64).optional(),
            userIds: z.array(zId, { error: '请选择收信人' }).min(1, '请选择收信人').max(SEND_RECIPIENTS_MAX, `一次最多发送给 ${SEND_RECIPIENTS_MAX} 人`),
            values: z.record(z.string(), zValue, { error: '变量的值格式不正确' }).default({}),
          })
          .refine((b) => b.templateId || b.templateCode, { message: '请选择消息模板' }),
        response: { 200: envelopeOf(z.object({ batchId: z.string(), total: z.number(), sent: z.number(), failed: z.number() })) },
      },
    },
    async (request) => {
      const result = await sender.send(request.body, changeOf(request));
      return ok(result, result.failed ? `已发送 ${result.sent} 条，失败 ${result.failed} 条` : `已发送 ${result.sent} 条`);
    },
  );

  r.post(
    '/rest/templateService/getSendLogByPage',
    {
      config: { permission: TEMPLATE_PERMISSIONS.log },
      schema: {
        tags: [TAG],
        summary: '模板发送记录（最新在前）：按模板、渠道、状态、收信人或时间筛选',
        body: z.object({
          pageParameter: zPageParameter,
          templateId: zId.optional(),
          channel: zChannel.optional(),
          status: z.enum(['SENT', 'FAILED'], { error: '状态只能是 SENT 或 FAILED' }).optional(),
          keyword: z.string().trim().max(64).optional(),
          beginTime: zDateTime.optional(),
          endTime: zDateTime.optional(),
        }),
        response: { 200: envelopeOf(pageOf(sendLogSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await sender.logPage(filter, pageParameter));
    },
  );

  r.post(
    '/rest/templateService/searchRecipients',
    {
      config: { permission: TEMPLATE_PERMISSIONS.send },
      schema: {
        tags: [TAG],
        summary: '按用户名、姓名或手机号查找收信人（最多 20 个），或按编号取已选用户',
        body: z.object({ keyword: z.string().trim().max(64).optional(), userIds: z.array(zId).max(SEND_RECIPIENTS_MAX).optional() }),
        response: { 200: envelopeOf(z.array(directoryUserSchema)) },
      },
    },
    async (request) => ok(await directory.searchUsers(request.body)),
  );
}

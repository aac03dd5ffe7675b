import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CMS_CODE_MESSAGE, CMS_CODE_PATTERN, CMS_SETTING_PERMISSIONS as P, PORTAL_COMPONENT_NAMES, TEMPLATE_STYLES, TEMPLATE_TYPES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { changeOf } from '../../../core/audit';
import { zLockVersion, zRemark, zSort } from '@dandelion/shared';
import { zFileId, zOptionalText } from '../site/fields';
import type { CmsTemplateService } from './service';

const TAG = 'CMS 模板';

const zTemplateType = z.enum(TEMPLATE_TYPES, { error: '模板类型只能是 INDEX、LIST 或 DETAIL' });

const templateSchema = z.object({
  templateId: zId,
  templateCode: z.string(),
  templateName: z.string(),
  templateType: z.string(),
  templateStyle: z.string().nullable(),
  componentName: z.string(),
  componentPath: z.string().nullable(),
  thumbnail: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  sort: z.number(),
  remark: z.string().nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

const templateBody = z.object({
  templateCode: z
    .string({ error: '请输入模板编码' })
    .trim()
    .min(1, '请输入模板编码')
    .max(64, '模板编码不能超过64个字符')
    .regex(CMS_CODE_PATTERN, CMS_CODE_MESSAGE),
  templateName: z.string({ error: '请输入模板名称' }).trim().min(1, '请输入模板名称').max(128, '模板名称不能超过128个字符'),
  templateType: zTemplateType,
  templateStyle: z.enum(TEMPLATE_STYLES, { error: '展示样式只能是 LIST、GRID 或 TABLE' }).nullish().transform((v) => v ?? null),
  componentName: z.enum(PORTAL_COMPONENT_NAMES, { error: `组件名称只能是门户已注册的组件：${PORTAL_COMPONENT_NAMES.join('、')}` }),
  componentPath: zOptionalText(256, '组件路径'),
  thumbnail: zFileId('预览图'),
  sort: zSort,
  remark: zRemark,
});

/** 模板管理 (spec §3 Template; componentName names a registered portal component, never code). */
export function registerCmsTemplateRoutes(app: FastifyInstance, { templates }: { templates: CmsTemplateService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/cmsTemplate/getTemplatePage',
    {
      config: { permission: P.list },
      schema: {
        tags: [TAG],
        summary: '模板分页（按编码、名称、类型）',
        body: z.object({
          pageParameter: zPageParameter,
          templateCode: z.string().trim().max(64).optional(),
          templateName: z.string().trim().max(128).optional(),
          templateType: zTemplateType.optional(),
        }),
        response: { 200: envelopeOf(pageOf(templateSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await templates.page(filter, pageParameter, request.principal!));
    },
  );

  r.post(
    '/rest/cmsTemplate/listAll',
    {
      config: { permission: P.list },
      schema: {
        tags: [TAG],
        summary: '全部模板（可按类型），供栏目表单选择',
        body: z.object({ templateType: zTemplateType.optional() }),
        response: { 200: envelopeOf(z.array(templateSchema)) },
      },
    },
    async (request) => ok(await templates.listAll(request.body.templateType)),
  );

  r.post(
    '/rest/cmsTemplate/detail',
    {
      config: { permission: P.list },
      schema: { tags: [TAG], summary: '模板详情', body: z.object({ templateId: zId }), response: { 200: envelopeOf(templateSchema) } },
    },
    async (request) => ok(await templates.detail(request.body.templateId, request.principal!)),
  );

  r.post(
    '/rest/cmsTemplate/add',
    {
      config: { permission: P.add },
      schema: { tags: [TAG], summary: '新增模板：模板编码唯一，组件名称取自门户组件清单', body: templateBody, response: { 200: envelopeOf(templateSchema) } },
    },
    async (request) => ok(await templates.add(request.body, changeOf(request), request.principal!), '新增成功'),
  );

  r.post(
    '/rest/cmsTemplate/update',
    {
      config: { permission: P.upd },
      schema: {
        tags: [TAG],
        summary: '修改模板（乐观锁：lockVersion 过期返回 409）',
        body: templateBody.extend({ templateId: zId, lockVersion: zLockVersion }),
        response: { 200: envelopeOf(templateSchema) },
      },
    },
    async (request) => {
      const { templateId, lockVersion, ...input } = request.body;
      return ok(await templates.update(templateId, lockVersion, input, changeOf(request), request.principal!), '修改成功');
    },
  );

  r.post(
    '/rest/cmsTemplate/delete',
    {
      config: { permission: P.del },
      schema: {
        tags: [TAG],
        summary: '删除模板（逻辑删除）；仍有栏目使用时拒绝（409）',
        body: z.object({ templateId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await templates.remove(request.body.templateId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}

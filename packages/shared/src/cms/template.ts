/**
 * CMS templates (spec §3 Template; /rest/cmsTemplate/*): which portal component renders a site's home
 * page or a catalogue's list/detail. componentName names a component the portal registers, never code.
 */
import { z } from 'zod';
import { defineCall } from '../contract';
import { recordCalls } from '../recordCalls';
import { zRemark, zSort } from '../records';
import { zId } from '../schemas';
import { auditedAnswer, zCmsCode, zFileId, zName, zOptionalText } from './fields';
import { CMS_SETTING_PERMISSIONS as P } from './setting';

export const TEMPLATE_TYPES = ['INDEX', 'LIST', 'DETAIL'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_TYPE_LABELS: Readonly<Record<TemplateType, string>> = { INDEX: '首页模板', LIST: '列表模板', DETAIL: '详情模板' };
export const zTemplateType = z.enum(TEMPLATE_TYPES, { error: '模板类型只能是 INDEX、LIST 或 DETAIL' });

/** The content table's modes (spec §2): bars, grid menu, table. */
export const TEMPLATE_STYLES = ['LIST', 'GRID', 'TABLE'] as const;
export type TemplateStyle = (typeof TEMPLATE_STYLES)[number];
export const TEMPLATE_STYLE_LABELS: Readonly<Record<TemplateStyle, string>> = { LIST: '列表', GRID: '宫格', TABLE: '表格' };

/**
 * The portal components a template may name. A template stores a name from this list, never code:
 * the portal looks the name up in its own registry and falls back to its default when unknown.
 */
export const PORTAL_COMPONENT_NAMES = ['HomeIndex', 'ContentList', 'ContentGrid', 'ContentTable', 'ContentDetail'] as const;
export type PortalComponentName = (typeof PORTAL_COMPONENT_NAMES)[number];
export const PORTAL_COMPONENT_LABELS: Readonly<Record<PortalComponentName, string>> = {
  HomeIndex: '门户首页',
  ContentList: '内容列表（条目）',
  ContentGrid: '内容宫格',
  ContentTable: '内容表格',
  ContentDetail: '内容详情',
};

const TAG = 'CMS 模板';

export const templateRow = z.object({
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
  ...auditedAnswer,
});

export const templateBody = z.object({
  templateCode: zCmsCode('模板编码'),
  templateName: zName('模板名称', 128),
  templateType: zTemplateType,
  templateStyle: z.enum(TEMPLATE_STYLES, { error: '展示样式只能是 LIST、GRID 或 TABLE' }).nullish().transform((v) => v ?? null),
  componentName: z.enum(PORTAL_COMPONENT_NAMES, { error: `组件名称只能是门户已注册的组件：${PORTAL_COMPONENT_NAMES.join('、')}` }),
  componentPath: zOptionalText(256, '组件路径'),
  thumbnail: zFileId('预览图'),
  sort: zSort,
  remark: zRemark,
});

export const templateCalls = {
  ...recordCalls({
    tag: TAG,
    entity: '模板',
    idField: 'templateId',
    row: templateRow,
    body: templateBody,
    filter: {
      templateCode: z.string().trim().max(64).optional(),
      templateName: z.string().trim().max(128).optional(),
      templateType: zTemplateType.optional(),
    },
    permissions: { list: P.list, detail: P.list, add: P.add, upd: P.upd, del: P.del },
    paths: {
      page: '/rest/cmsTemplate/getTemplatePage',
      detail: '/rest/cmsTemplate/detail',
      add: '/rest/cmsTemplate/add',
      update: '/rest/cmsTemplate/update',
      remove: '/rest/cmsTemplate/delete',
    },
    summaries: {
      page: '模板分页（按编码、名称、类型）',
      add: '新增模板：模板编码唯一，组件名称取自门户组件清单',
      remove: '删除模板（逻辑删除）；仍有栏目使用时拒绝（409）',
    },
  }),
  listAll: defineCall({
    method: 'POST',
    path: '/rest/cmsTemplate/listAll',
    access: P.list,
    tag: TAG,
    summary: '全部模板（可按类型），供栏目表单选择',
    body: z.object({ templateType: zTemplateType.optional() }),
    response: z.array(templateRow),
  }),
};

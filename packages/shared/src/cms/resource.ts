/**
 * The CMS resource library (`/cms/resource`, /rest/resource/*): images, documents, videos and links an
 * editor keeps for reuse; 发布文章 turns one into a draft article in a catalogue.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { recordCalls } from '../recordCalls';
import { zId } from '../schemas';
import { auditedAnswer, storedFileAnswer, zName, zOptionalId, zWebLink } from './fields';

export const RESOURCE_PERMISSIONS = {
  ...permissionsOf('cms:resource', ['list', 'detail', 'add', 'upd', 'del']),
  /** Spelt as seeded (spec §2 action list: addAtricle). */
  addArticle: 'cms:resource:addAtricle',
} as const;

export const RESOURCE_TYPES = ['IMAGE', 'DOCUMENT', 'VIDEO', 'LINK'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const RESOURCE_TYPE_LABELS: Readonly<Record<ResourceType, string>> = {
  IMAGE: '图片',
  DOCUMENT: '文档',
  VIDEO: '视频',
  LINK: '链接',
};
export const zResourceType = z.enum(RESOURCE_TYPES, { error: '资源类型只能是 IMAGE（图片）、DOCUMENT（文档）、VIDEO（视频）或 LINK（链接）' });

const TAG = '资源管理';

export const resourceRow = z.object({
  resourceId: zId,
  siteId: zId,
  resourceName: z.string(),
  resourceType: zResourceType,
  fileId: z.string().nullable(),
  url: z.string().nullable(),
  tags: z.string().nullable(),
  description: z.string().nullable(),
  file: storedFileAnswer.nullable(),
  ...auditedAnswer,
});

export const resourceBody = z.object({
  resourceName: zName('资源名称', 128),
  resourceType: zResourceType,
  fileId: zOptionalId.describe('上传的文件（链接类资源不填）'),
  url: zWebLink.describe('链接类资源的地址'),
  tags: z
    .string({ error: '标签格式不正确' })
    .trim()
    .max(256, '标签不能超过256个字符')
    .nullish()
    .transform((v) => v || null)
    .describe('以逗号分隔的标签'),
  description: z.string({ error: '描述格式不正确' }).trim().max(1024, '描述不能超过1024个字符').nullish().transform((v) => v || null),
});

export const resourceCalls = {
  ...recordCalls({
    tag: TAG,
    entity: '资源',
    idField: 'resourceId',
    row: resourceRow,
    body: resourceBody,
    filter: {
      resourceName: z.string().trim().max(128).optional(),
      resourceType: zResourceType.optional(),
      tag: z.string().trim().max(64).optional(),
    },
    permissions: RESOURCE_PERMISSIONS,
    paths: {
      page: '/rest/resource/getResourcePage',
      detail: '/rest/resource/detail',
      add: '/rest/resource/add',
      update: '/rest/resource/update',
      remove: '/rest/resource/delete',
      removeMany: '/rest/resource/deleteBatch',
    },
    summaries: {
      page: '资源分页：按名称、类型、标签查询，最新在前',
      add: '新增资源：文件的真实类型须与资源类型一致；链接须为 http/https',
    },
  }),
  addArticle: defineCall({
    method: 'POST',
    path: '/rest/resource/addArticle',
    access: RESOURCE_PERMISSIONS.addArticle,
    tag: TAG,
    summary: '发布文章：由资源在所选栏目下生成一篇草稿（图片放入正文，文档/视频作为附件，链接作为外链），返回文章编号',
    body: z.object({
      resourceId: zId,
      catalogId: z.union([z.string(), z.number()], { error: '请选择栏目' }).pipe(zId),
      title: z.string({ error: '文章标题格式不正确' }).trim().max(256, '文章标题不能超过256个字符').nullish().transform((v) => v || null),
    }),
    response: z.object({ contentId: zId }),
  }),
};

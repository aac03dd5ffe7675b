import { z } from 'zod';
import { RESOURCE_TYPES } from '@dandelion/shared';
import { zDateTime, zId, zPageParameter } from '@dandelion/shared';
import { zWebLink } from '../content/schemas';

/** Request and answer shapes of the resource library (/rest/resource/*). */

export const zResourceType = z.enum(RESOURCE_TYPES, { error: '资源类型只能是 IMAGE（图片）、DOCUMENT（文档）、VIDEO（视频）或 LINK（链接）' });
export const zLockVersion = z.number({ error: '缺少版本号 lockVersion' }).int().min(0);

export const resourceBody = z.object({
  resourceName: z.string({ error: '请输入资源名称' }).trim().min(1, '请输入资源名称').max(128, '资源名称不能超过128个字符'),
  resourceType: zResourceType,
  fileId: zId.nullish().transform((v) => v ?? null).describe('上传的文件（链接类资源不填）'),
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
export type ResourceInput = z.output<typeof resourceBody>;

export const resourcePageBody = z.object({
  pageParameter: zPageParameter,
  resourceName: z.string().trim().max(128).optional(),
  resourceType: zResourceType.optional(),
  tag: z.string().trim().max(64).optional(),
});
export type ResourceFilter = Omit<z.output<typeof resourcePageBody>, 'pageParameter'>;

export const resourceSchema = z.object({
  resourceId: zId,
  siteId: zId,
  resourceName: z.string(),
  resourceType: z.string(),
  fileId: z.string().nullable(),
  url: z.string().nullable(),
  tags: z.string().nullable(),
  description: z.string().nullable(),
  file: z.object({ fileId: zId, fileRepId: zId, filename: z.string(), size: z.number(), type: z.string(), url: z.string() }).nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

export const addArticleBody = z.object({
  resourceId: zId,
  catalogId: z.union([z.string(), z.number()], { error: '请选择栏目' }).pipe(zId),
  title: z.string({ error: '文章标题格式不正确' }).trim().max(256, '文章标题不能超过256个字符').nullish().transform((v) => v || null),
});

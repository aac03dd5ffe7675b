import { z } from 'zod';
import { CONTENT_ATTACHMENTS_MAX, CONTENT_STATUSES, WEB_LINK, WEB_LINK_MESSAGE } from '@dandelion/shared';
import { zDateTime, zId, zPageParameter } from '@dandelion/shared';

/** Request and answer shapes of the article calls (/rest/content/*). */

export const zLockVersion = z.number({ error: '缺少版本号 lockVersion' }).int().min(0);
export const zContentStatus = z.enum(CONTENT_STATUSES, { error: '文章状态只能是 DRAFT、SCHEDULED、PUBLISHED 或 OFFLINE' });

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what}格式不正确` })
    .trim()
    .max(max, `${what}不能超过${max}个字符`)
    .nullish()
    .transform((v) => v || null);

export const zWebLink = z
  .string({ error: WEB_LINK_MESSAGE })
  .trim()
  .max(512, '链接地址不能超过512个字符')
  .refine((v) => v === '' || WEB_LINK.test(v), WEB_LINK_MESSAGE)
  .nullish()
  .transform((v) => v || null);

export const contentBody = z.object({
  catalogId: zId.describe('所属栏目'),
  title: z.string({ error: '请输入文章标题' }).trim().min(1, '请输入文章标题').max(256, '文章标题不能超过256个字符'),
  subject: optionalText('副标题', 256),
  summary: optionalText('摘要', 1024),
  body: z.string({ error: '正文格式不正确' }).max(2_000_000, '正文过长').nullish().transform((v) => v ?? ''),
  coverFileId: zId.nullish().transform((v) => v ?? null).describe('封面图片的 fileId（文件服务上传，图片类型）'),
  attachmentIds: z
    .array(zId, { error: '附件格式不正确' })
    .max(CONTENT_ATTACHMENTS_MAX, `附件最多 ${CONTENT_ATTACHMENTS_MAX} 个`)
    .default([])
    .describe('附件的 fileId，按显示顺序'),
  author: optionalText('作者', 64),
  source: optionalText('来源', 128),
  linkUrl: zWebLink.describe('外链文章：门户直接打开此地址'),
  publishTime: zDateTime.nullish().transform((v) => v ?? null).describe('发布时间；发布时晚于当前时间则定时发布'),
  isTop: z.boolean({ error: '是否置顶必须是 true 或 false' }).default(false),
  sort: z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999').default(0),
});
export type ContentInput = z.output<typeof contentBody>;

export const contentPageBody = z.object({
  pageParameter: zPageParameter,
  title: z.string().trim().max(256).optional().describe('标题关键字'),
  catalogId: zId.optional().describe('栏目（含下级栏目）'),
  status: zContentStatus.optional(),
  author: z.string().trim().max(64).optional(),
  publishTimeFrom: zDateTime.optional(),
  publishTimeTo: zDateTime.optional(),
});
export type ContentFilter = Omit<z.output<typeof contentPageBody>, 'pageParameter'>;

export const attachmentSchema = z.object({
  fileId: zId,
  fileRepId: zId,
  filename: z.string(),
  size: z.number(),
  type: z.string(),
  url: z.string(),
});

export const contentListItem = z.object({
  contentId: zId,
  siteId: zId,
  catalogId: zId,
  catalogName: z.string().nullable(),
  title: z.string(),
  author: z.string().nullable(),
  status: z.string(),
  isTop: z.boolean(),
  sort: z.number(),
  viewCount: z.number(),
  publishTime: zDateTime.nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

export const contentDetail = contentListItem.extend({
  subject: z.string().nullable(),
  summary: z.string().nullable(),
  body: z.string().nullable(),
  source: z.string().nullable(),
  linkUrl: z.string().nullable(),
  coverFileId: z.string().nullable(),
  cover: attachmentSchema.nullable(),
  attachments: z.array(attachmentSchema),
});

export const idBody = z.object({ contentId: zId });
export const versionedIdBody = z.object({ contentId: zId, lockVersion: zLockVersion });

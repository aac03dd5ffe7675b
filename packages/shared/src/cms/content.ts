/** CMS articles in the back office (/rest/content/*): editing, publishing, offlining and pinning. */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { auditedAnswer, removeBody, storedFileAnswer, versionedBody, zIdsToDelete, zName, zOptionalId, zWebLink } from './fields';

export const CONTENT_PERMISSIONS = permissionsOf('cms:content', ['list', 'detail', 'add', 'upd', 'del', 'publish', 'offline', 'top']);

/** DRAFT → SCHEDULED (publish with a future time) or PUBLISHED → OFFLINE → publish again. */
export const CONTENT_STATUSES = ['DRAFT', 'SCHEDULED', 'PUBLISHED', 'OFFLINE'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_STATUS_LABELS: Readonly<Record<ContentStatus, string>> = {
  DRAFT: '草稿',
  SCHEDULED: '待发布',
  PUBLISHED: '已发布',
  OFFLINE: '已下线',
};
export const zContentStatus = z.enum(CONTENT_STATUSES, { error: '文章状态只能是 DRAFT、SCHEDULED、PUBLISHED 或 OFFLINE' });

/** Visible characters an article body may hold (spec §5 rich-text rule; the spec leaves the number to the form). */
export const CONTENT_BODY_MAX = 50_000;
/** Attachments one article may carry. */
export const CONTENT_ATTACHMENTS_MAX = 20;

const TAG = '文章管理';
const P = CONTENT_PERMISSIONS;

const optionalText = (what: string, max: number) =>
  z
    .string({ error: `${what}格式不正确` })
    .trim()
    .max(max, `${what}不能超过${max}个字符`)
    .nullish()
    .transform((v) => v || null);

const zArticleSort = z.number({ error: '排序必须是整数' }).int('排序必须是整数').min(0, '排序不能小于0').max(99999, '排序不能大于99999');
const zPublishTime = zDateTime.nullish().transform((v) => v ?? null);

export const contentBody = z.object({
  catalogId: zId.describe('所属栏目'),
  title: zName('文章标题', 256),
  subject: optionalText('副标题', 256),
  summary: optionalText('摘要', 1024),
  body: z.string({ error: '正文格式不正确' }).max(2_000_000, '正文过长').nullish().transform((v) => v ?? ''),
  coverFileId: zOptionalId.describe('封面图片的 fileId（文件服务上传，图片类型）'),
  attachmentIds: z
    .array(zId, { error: '附件格式不正确' })
    .max(CONTENT_ATTACHMENTS_MAX, `附件最多 ${CONTENT_ATTACHMENTS_MAX} 个`)
    .default([])
    .describe('附件的 fileId，按显示顺序'),
  author: optionalText('作者', 64),
  source: optionalText('来源', 128),
  linkUrl: zWebLink.describe('外链文章：门户直接打开此地址'),
  publishTime: zPublishTime.describe('发布时间；发布时晚于当前时间则定时发布'),
  isTop: z.boolean({ error: '是否置顶必须是 true 或 false' }).default(false),
  sort: zArticleSort.default(0),
});

export const contentListItem = z.object({
  contentId: zId,
  siteId: zId,
  catalogId: zId,
  catalogName: z.string().nullable(),
  title: z.string(),
  author: z.string().nullable(),
  status: zContentStatus,
  isTop: z.boolean(),
  sort: z.number(),
  viewCount: z.number(),
  publishTime: zDateTime.nullable(),
  ...auditedAnswer,
});

export const contentDetail = contentListItem.extend({
  subject: z.string().nullable(),
  summary: z.string().nullable(),
  body: z.string().nullable(),
  source: z.string().nullable(),
  linkUrl: z.string().nullable(),
  coverFileId: z.string().nullable(),
  cover: storedFileAnswer.nullable(),
  attachments: z.array(storedFileAnswer),
});

/** A catalogue of the article pages' tree (disabled ones too: an editor files articles there before enabling it). */
export const editorCatalogNode = z.object({
  catalogId: zId,
  parentCatalogId: zId.nullable(),
  siteId: zId,
  catalogName: z.string(),
  catalogStatus: z.string(),
  get children(): z.ZodArray<typeof editorCatalogNode> {
    return z.array(editorCatalogNode);
  },
});

const versioned = versionedBody('contentId');

export const contentCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/content/getContentPage',
    access: P.list,
    tag: TAG,
    summary: '文章分页：标题关键字、栏目（含下级）、状态、发布时间范围、作者；置顶在前，最新在前',
    body: z.object({
      pageParameter: zPageParameter,
      title: z.string().trim().max(256).optional().describe('标题关键字'),
      catalogId: zId.optional().describe('栏目（含下级栏目）'),
      status: zContentStatus.optional(),
      author: z.string().trim().max(64).optional(),
      publishTimeFrom: zDateTime.optional(),
      publishTimeTo: zDateTime.optional(),
    }),
    response: pageOf(contentListItem),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/content/detail',
    access: P.detail,
    tag: TAG,
    summary: '文章详情（含封面与附件）',
    body: z.object({ contentId: zId }),
    response: contentDetail,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/content/add',
    access: P.add,
    tag: TAG,
    summary: '新增文章（草稿）：正文按白名单清理，附件与图片归属文章',
    body: contentBody,
    response: contentDetail,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/content/update',
    access: P.upd,
    tag: TAG,
    summary: '修改文章（乐观锁：lockVersion 过期返回 409）',
    body: contentBody.extend({ contentId: zId, lockVersion: zLockVersion }),
    response: contentDetail,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/content/delete',
    access: P.del,
    tag: TAG,
    summary: '删除文章（逻辑删除，文件转为私有）',
    body: removeBody('contentId'),
    response: z.null(),
  }),
  catalogTree: defineCall({
    method: 'POST',
    path: '/rest/content/getCatalogTree',
    access: P.list,
    tag: TAG,
    summary: '文章管理左侧的栏目树（含停用栏目）',
    body: z.object({}).optional(),
    response: z.array(editorCatalogNode),
  }),
  removeMany: defineCall({
    method: 'POST',
    path: '/rest/content/deleteBatch',
    access: P.del,
    tag: TAG,
    summary: '批量删除文章（全部成功或全部不删）',
    body: zIdsToDelete('文章', '篇'),
    response: z.object({ deleted: z.number() }),
  }),
  publish: defineCall({
    method: 'POST',
    path: '/rest/content/publish',
    access: P.publish,
    tag: TAG,
    summary: '发布文章：不填或已到的发布时间立即发布（PUBLISHED），未来的时间定时发布（SCHEDULED）；已发布的返回 409',
    body: versioned.extend({ publishTime: zPublishTime }),
    response: contentListItem,
  }),
  offline: defineCall({
    method: 'POST',
    path: '/rest/content/offline',
    access: P.offline,
    tag: TAG,
    summary: '下线文章（已发布或待发布的文章；其他状态返回 409）',
    body: versioned,
    response: contentListItem,
  }),
  top: defineCall({
    method: 'POST',
    path: '/rest/content/top',
    access: P.top,
    tag: TAG,
    summary: '置顶或取消置顶文章',
    body: versioned.extend({ isTop: z.boolean({ error: '是否置顶必须是 true 或 false' }) }),
    response: contentListItem,
  }),
  sort: defineCall({
    method: 'POST',
    path: '/rest/content/sort',
    access: P.upd,
    tag: TAG,
    summary: '调整文章排序号（越大越靠前）',
    body: versioned.extend({ sort: zArticleSort }),
    response: contentListItem,
  }),
};

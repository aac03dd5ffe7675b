/**
 * CMS banners (carousel pictures; /rest/cmsBanner/*): grouped by a position code per site and shown
 * by the portal's `rotatePictures {code}` while enabled and inside their optional time window.
 */
import { z } from 'zod';
import { defineCall } from '../contract';
import { recordCalls } from '../recordCalls';
import { zSort } from '../records';
import { zDateTime, zId } from '../schemas';
import { isHttpUrl, URL_MESSAGE } from '../validators';
import { auditedAnswer, CMS_CODE_MESSAGE, CMS_CODE_PATTERN, versionedBody, zFileId, zIdsToDelete, zName, zOrderedIds } from './fields';
import { CMS_SETTING_PERMISSIONS as P, zOpenType } from './setting';

export const BANNER_STATUSES = ['ENABLE', 'DISABLE'] as const;
export type BannerStatus = (typeof BANNER_STATUSES)[number];
export const BANNER_STATUS_LABELS: Readonly<Record<BannerStatus, string>> = { ENABLE: '启用', DISABLE: '停用' };
export const zBannerStatus = z.enum(BANNER_STATUSES, { error: '轮播图状态只能是 ENABLE 或 DISABLE' });
/** The position the portal home page asks `rotatePictures` for when it names none. */
export const DEFAULT_BANNER_CODE = 'HOME';

const TAG = 'CMS 轮播图';

export const bannerRow = z.object({
  bannerId: zId,
  siteId: zId,
  code: z.string(),
  title: z.string(),
  imageFileId: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  openType: z.string(),
  sort: z.number(),
  status: z.string(),
  startTime: zDateTime.nullable(),
  endTime: zDateTime.nullable(),
  ...auditedAnswer,
});

const zTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label}格式不正确` })
    .nullish()
    .transform((v) => (v ? new Date(v) : null));

export const BANNER_LINK_MESSAGE = '请输入正确的网址!（http:// 或 https:// 开头，或以 / 开头的站内路径）';
/** A banner may also point into the portal itself: a path starting with one slash. */
export const zPortalLink = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(512, '链接地址不能超过512个字符')
  .refine((v) => v === '' || isHttpUrl(v) || /^\/(?!\/)[^\s]*$/.test(v), BANNER_LINK_MESSAGE)
  .nullish()
  .transform((v) => v || null);

export const bannerBody = z
  .object({
    siteId: zId,
    // A blank position means the home page carousel, the one the portal asks for by default.
    code: z.preprocess(
      (v) => (v === undefined || v === null || (typeof v === 'string' && !v.trim()) ? DEFAULT_BANNER_CODE : v),
      z.string({ error: '位置编码必须是文本' }).trim().max(64, '位置编码不能超过64个字符').regex(CMS_CODE_PATTERN, CMS_CODE_MESSAGE),
    ),
    title: zName('标题', 128),
    imageFileId: zFileId('轮播图片')
      .refine((v) => v !== null, '请上传轮播图片')
      .transform((v) => v!),
    linkUrl: zPortalLink,
    openType: zOpenType.default('INTERNAL_OPEN'),
    sort: zSort,
    status: zBannerStatus.default('ENABLE'),
    startTime: zTime('开始时间'),
    endTime: zTime('结束时间'),
  })
  .refine((b) => !b.startTime || !b.endTime || b.endTime > b.startTime, { message: '结束时间必须晚于开始时间', path: ['endTime'] });

export const bannerCalls = {
  ...recordCalls({
    tag: TAG,
    entity: '轮播图',
    idField: 'bannerId',
    row: bannerRow,
    body: bannerBody,
    filter: {
      siteId: zId.optional(),
      code: z.string().trim().max(64).optional(),
      title: z.string().trim().max(128).optional(),
      status: zBannerStatus.optional(),
    },
    permissions: { list: P.list, detail: P.list, add: P.add, upd: P.upd, del: P.del },
    paths: {
      page: '/rest/cmsBanner/getBannerPage',
      detail: '/rest/cmsBanner/detail',
      add: '/rest/cmsBanner/add',
      update: '/rest/cmsBanner/update',
      remove: '/rest/cmsBanner/delete',
    },
    summaries: {
      page: '轮播图分页（按站点、位置、标题、状态；同一位置按排序号）',
      add: '新增轮播图：图片为本人上传的图片文件；可选展示时间段（结束晚于开始）',
      remove: '删除轮播图（逻辑删除；图片不再公开）',
    },
  }),
  updateStatus: defineCall({
    method: 'POST',
    path: '/rest/cmsBanner/updateStatus',
    access: P.upd,
    tag: TAG,
    summary: '启用（ENABLE）或停用（DISABLE）轮播图；启用时图片公开',
    body: versionedBody('bannerId').extend({ status: zBannerStatus }),
    response: bannerRow,
  }),
  sort: defineCall({
    method: 'POST',
    path: '/rest/cmsBanner/sort',
    access: P.sort,
    tag: TAG,
    summary: '调整同一站点同一位置的轮播图顺序：bannerIds 为该位置的全部轮播图，按新顺序排列',
    body: z.object({
      siteId: zId,
      code: z.string({ error: '请输入位置编码' }).trim().min(1, '请输入位置编码').max(64),
      bannerIds: zOrderedIds('轮播图', '张'),
    }),
    response: z.null(),
  }),
  removeMany: defineCall({
    method: 'POST',
    path: '/rest/cmsBanner/deleteBatch',
    access: P.del,
    tag: TAG,
    summary: '批量删除轮播图（全部成功或全部不删）',
    body: zIdsToDelete('轮播图', '张'),
    response: z.object({ deleted: z.number() }),
  }),
};

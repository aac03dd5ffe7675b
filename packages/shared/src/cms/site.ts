/** CMS sites (spec §3 CMS site; /rest/cms_site/*): the portals the CMS serves, online (code 2) or offline (code 1). */
import { z } from 'zod';
import { defineCall } from '../contract';
import { zLockVersion, zSort } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';
import { auditedAnswer, removeBody, versionedBody, zCmsCode, zFileId, zName, zOptionalText } from './fields';
import { CMS_SETTING_PERMISSIONS as P } from './setting';
import { EMAIL_MESSAGE, isEmail } from '../validators';

/** Spec §3/§4: online is code 2. Offline is ours: code 1 (0 is easily confused with "unset"). */
export const SITE_STATUSES = ['2', '1'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];
export const SITE_STATUS_OFFLINE = '1';
export const SITE_STATUS_LABELS: Readonly<Record<SiteStatus, string>> = { '2': '在线', '1': '离线' };
export const zSiteStatus = z.enum(SITE_STATUSES, { error: '站点状态只能是 2（在线）或 1（离线）' });

const TAG = 'CMS 站点';

export const siteRow = z.object({
  siteId: zId,
  siteCode: z.string(),
  siteName: z.string(),
  displayName: z.string(),
  siteStatus: z.string(),
  isDefault: z.boolean(),
  themeId: z.number().nullable(),
  portalId: z.number().nullable(),
  logoFileId: z.string().nullable(),
  logoUrl: z.string().nullable(),
  domain: z.string().nullable(),
  description: z.string().nullable(),
  copyright: z.string().nullable(),
  icp: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactAddress: z.string().nullable(),
  organizer: z.string().nullable(),
  contactEmail: z.string().nullable(),
  policeRecord: z.string().nullable(),
  siteIdentCode: z.string().nullable(),
  userAgreement: z.string().nullable(),
  privacyPolicy: z.string().nullable(),
  sort: z.number(),
  ...auditedAnswer,
});

/** The longest 用户协议 or 隐私政策 text a site keeps (plain text, paragraphs by line breaks). */
export const AGREEMENT_MAX = 20_000;

/** 联系邮箱 of the footer: optional, but well-formed when given. */
const zOptionalEmail = zOptionalText(128, '联系邮箱').refine((v) => v === null || isEmail(v), EMAIL_MESSAGE);

/** Where an ICP 备案号 in a footer links to (the MIIT record system), as the licence rules require. */
export const ICP_RECORD_URL = 'https://beian.miit.gov.cn/';

const zPositiveId = (label: string) =>
  z.number({ error: `${label}必须是整数` }).int(`${label}必须是整数`).positive(`${label}必须是整数`).nullish().transform((v) => v ?? null);

export const siteBody = z.object({
  siteCode: zCmsCode('站点编码'),
  siteName: zName('站点名称', 128),
  displayName: zName('显示名称', 128),
  siteStatus: zSiteStatus.default('1'),
  themeId: zPositiveId('主题编号'),
  portalId: zPositiveId('门户编号'),
  logoFileId: zFileId('站点标志'),
  domain: zOptionalText(256, '域名'),
  description: zOptionalText(512, '站点描述'),
  copyright: zOptionalText(256, '版权信息'),
  icp: zOptionalText(64, 'ICP 备案号'),
  contactPhone: zOptionalText(64, '联系电话'),
  contactAddress: zOptionalText(256, '联系地址'),
  organizer: zOptionalText(128, '主办单位'),
  contactEmail: zOptionalEmail,
  policeRecord: zOptionalText(64, '公安备案号'),
  siteIdentCode: zOptionalText(32, '网站标识码'),
  userAgreement: zOptionalText(AGREEMENT_MAX, '用户协议'),
  privacyPolicy: zOptionalText(AGREEMENT_MAX, '隐私政策'),
  sort: zSort,
});

export const siteCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/cms_site/getSitePage',
    access: P.list,
    tag: TAG,
    summary: '站点分页（按编码、名称、状态查询；默认站点在前）',
    body: z.object({
      pageParameter: zPageParameter,
      siteCode: z.string().trim().max(64).optional(),
      siteName: z.string().trim().max(128).optional(),
      siteStatus: zSiteStatus.optional(),
    }),
    response: pageOf(siteRow),
  }),
  listAll: defineCall({
    method: 'POST',
    path: '/rest/cms_site/listAll',
    access: P.list,
    tag: TAG,
    summary: '全部站点（栏目、轮播图的站点选择）',
    response: z.array(siteRow),
  }),
  detail: defineCall({ method: 'POST', path: '/rest/cms_site/detail', access: P.list, tag: TAG, summary: '站点详情', body: z.object({ siteId: zId }), response: siteRow }),
  add: defineCall({
    method: 'POST',
    path: '/rest/cms_site/add',
    access: P.add,
    tag: TAG,
    summary: '新增站点：站点编码唯一；标志为本人上传的图片',
    body: siteBody,
    response: siteRow,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/cms_site/update',
    access: P.upd,
    tag: TAG,
    summary: '修改站点（乐观锁：lockVersion 过期返回 409）；默认站点不能下线',
    // The status is required here: a form that left it out must not take a site offline by default.
    body: siteBody.extend({ siteId: zId, lockVersion: zLockVersion, siteStatus: zSiteStatus }),
    response: siteRow,
  }),
  updateStatus: defineCall({
    method: 'POST',
    path: '/rest/cms_site/updateStatus',
    access: P.upd,
    tag: TAG,
    summary: '上线（2）或下线（1）站点；站点在线时标志公开',
    body: versionedBody('siteId').extend({ siteStatus: zSiteStatus }),
    response: siteRow,
  }),
  setDefault: defineCall({
    method: 'POST',
    path: '/rest/cms_site/setDefault',
    access: P.upd,
    tag: TAG,
    summary: '设为默认站点（门户未指定站点时显示；须在线）',
    body: z.object({ siteId: zId }),
    response: siteRow,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/cms_site/delete',
    access: P.del,
    tag: TAG,
    summary: '删除站点（逻辑删除）；默认站点或仍有栏目、轮播图时拒绝（409）',
    body: removeBody('siteId'),
    response: z.null(),
  }),
};

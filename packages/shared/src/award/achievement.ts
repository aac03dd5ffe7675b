/**
 * The portal's prize pages (DOMAIN.md "Lookups, collections, achievements"): the declaration guides
 * of the open editions (/apply), the awarded achievements (/show) and the visitors' purchase
 * intentions (有意向合作, /rest/purchase/addPurchase) that reach the completing unit and the office.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC } from '../contract';
import { zLockVersion } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { EMAIL_MESSAGE, isEmail, isMobileStrict, MOBILE_MESSAGE } from '../validators';
import { EDITION_PHASES, EDITION_STAGES } from './edition';
import { PRIZE_GRADES, PRIZE_KINDS } from './prize';

export const PURCHASE_PERMISSIONS = permissionsOf('award:purchase', ['list', 'upd']);

const PORTAL_TAG = '门户评奖';
const PURCHASE_TAG = '合作意向';

// ─────────────────────────────────────────────── declaration guides (/apply)

const guidePrize = z.object({ prizeId: zId, prizeName: z.string(), kind: z.enum(PRIZE_KINDS) });

/** An open edition as /apply lists it: its declaration window and the prizes it opens. */
export const guideRow = z.object({
  editionId: zId,
  editionName: z.string(),
  year: z.number(),
  phase: z.enum(EDITION_PHASES),
  declarationStart: z.string().nullable(),
  declarationEnd: z.string().nullable(),
  /** The first lines of the 申报通知 (plain text). */
  excerpt: z.string(),
  prizes: z.array(guidePrize),
});

export const guideDetail = guideRow.extend({
  /** 申报通知 as the office wrote it (plain text, line breaks kept). */
  guide: z.string().nullable(),
  stages: z.array(z.object({ stage: z.enum(EDITION_STAGES), startDate: z.string().nullable(), endDate: z.string().nullable() })),
  /** Each prize's own guide (申报说明), plain text. */
  prizes: z.array(guidePrize.extend({ guide: z.string().nullable() })),
});

export const guideCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/guide/getGuidePage',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '申报指南列表（/apply）：已发布、尚在筹备或申报期的届次及其开放的奖种，最近的在前',
    body: z.object({ pageParameter: zPageParameter }),
    response: pageOf(guideRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/guide/getGuideDetail',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '申报指南详情（/applyDetail/{id}）：届次的申报通知、各阶段日期与奖种说明',
    body: z.object({ editionId: zId }),
    response: guideDetail,
  }),
};

// ─────────────────────────────────────────────── awarded achievements (/show)

export const achievementRow = z.object({
  achievementId: zId,
  title: z.string(),
  editionId: zId,
  editionName: z.string(),
  prizeId: zId,
  prizeName: z.string(),
  awardGrade: z.enum(PRIZE_GRADES).nullable(),
  firstCompleter: z.string().nullable(),
  unitOrgName: z.string().nullable(),
});

/** What the public may read of an awarded declaration: names and units, never ID numbers, phones or e-mails. */
export const achievementDetail = achievementRow.extend({
  keywords: z.array(z.string()),
  completers: z.array(z.object({ name: z.string(), unitName: z.string().nullable() })),
  units: z.array(z.string()),
  /** 项目简介 and 推广应用情况: HTML sanitised when the declaration was saved. */
  summaryHtml: z.string().nullable(),
  applicationHtml: z.string().nullable(),
});

export const achievementCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/achievement/getAchievementPage',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '成果展示列表（/show）：已授奖且公开的申报成果，可按届次、奖种、名称关键词筛选',
    body: z.object({
      pageParameter: zPageParameter,
      editionId: zId.optional(),
      prizeId: zId.optional(),
      keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
    }),
    response: pageOf(achievementRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/achievement/getAchievementDetail',
    access: PUBLIC,
    answer: 'portal',
    tag: PORTAL_TAG,
    summary: '成果展示详情（/showDetail/{id}）：名称、等级、奖种、届次、完成人与完成单位、项目简介',
    body: z.object({ achievementId: zId }),
    response: achievementDetail,
  }),
};

// ─────────────────────────────────────────────── purchase intentions (有意向合作)

export const PURCHASE_KINDS = ['LICENSE', 'TRANSFER', 'CO_DEVELOP', 'OTHER'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];
export const PURCHASE_KIND_LABELS: Readonly<Record<PurchaseKind, string>> = { LICENSE: '许可', TRANSFER: '转让', CO_DEVELOP: '合作开发', OTHER: '其他' };

/** NEW (just sent) → CONTACTED (the unit or office reached the visitor) → CLOSED; NEW may be closed directly. */
export const PURCHASE_STATUSES = ['NEW', 'CONTACTED', 'CLOSED'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];
export const PURCHASE_STATUS_LABELS: Readonly<Record<PurchaseStatus, string>> = { NEW: '新意向', CONTACTED: '已联系', CLOSED: '已关闭' };
/** The moves allowed from each status. */
export const PURCHASE_NEXT: Readonly<Record<PurchaseStatus, readonly PurchaseStatus[]>> = { NEW: ['CONTACTED', 'CLOSED'], CONTACTED: ['CLOSED'], CLOSED: [] };

export const PURCHASE_MESSAGE_MAX = 500;
/** Intentions allowed per address in the window (the form is anonymous). */
export const PURCHASE_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;
export const PURCHASE_SUCCESS_MESSAGE = '提交成功，完成单位将尽快与您联系';
export const PURCHASE_CONTACT_MESSAGE = '请填写手机号码或电子邮箱';

/** The portal form is plain text: markup is dropped before the length check. */
const plainText = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .transform((v) => v.replace(/<[^>]*>/g, '').trim())
    .pipe(z.string().min(1, required).max(max, `${label}不能超过${max}个字符`));
const optionalText = (check: (v: string) => boolean, message: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => v === '' || check(v), message)
    .nullish()
    .transform((v) => v || null);

/** What the portal form sends: a mobile number or an e-mail (either is enough), and the captcha. */
export const purchaseForm = z
  .object({
    achievementId: zId,
    kind: z.enum(PURCHASE_KINDS, { error: '请选择合作方式' }),
    organisation: plainText('请输入单位名称', 100, '单位名称'),
    contactName: plainText('请输入联系人', 32, '联系人'),
    phone: optionalText(isMobileStrict, MOBILE_MESSAGE, 11),
    email: optionalText(isEmail, EMAIL_MESSAGE, 128),
    message: plainText('请输入合作意向说明', PURCHASE_MESSAGE_MAX, '合作意向说明'),
    captchaKey: z.string({ error: '请输入图形验证码' }).trim().min(1, '请输入图形验证码').max(64),
    captchaCode: z.string({ error: '请输入图形验证码' }).trim().min(1, '请输入图形验证码').max(16),
  })
  .refine((v) => !!v.phone || !!v.email, { message: PURCHASE_CONTACT_MESSAGE, path: ['phone'] });

export const purchaseRow = z.object({
  purchaseId: zId,
  achievementId: zId,
  achievementTitle: z.string(),
  unitOrgId: zId.nullable(),
  unitOrgName: z.string().nullable(),
  kind: z.enum(PURCHASE_KINDS),
  organisation: z.string(),
  contactName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  message: z.string(),
  status: z.enum(PURCHASE_STATUSES),
  ip: z.string().nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

export const purchaseStatusBody = z.object({
  purchaseId: zId,
  lockVersion: zLockVersion,
  status: z.enum(['CONTACTED', 'CLOSED'], { error: '状态不正确' }),
});

const P = PURCHASE_PERMISSIONS;

export const purchaseCalls = {
  add: defineCall({
    method: 'POST',
    path: '/rest/purchase/addPurchase',
    access: PUBLIC,
    answer: 'portal',
    tag: PURCHASE_TAG,
    summary: '门户登记合作意向（有意向合作）：图形验证码；每个地址10分钟内最多5次；完成单位收到站内消息',
    body: purchaseForm,
    response: z.object({ purchaseId: zId }),
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/purchase/getPurchasePage',
    access: P.list,
    tag: PURCHASE_TAG,
    summary: '合作意向分页：奖励办看全部，完成单位看本单位及下级单位成果的意向；最新在前',
    body: z.object({
      pageParameter: zPageParameter,
      status: z.enum(PURCHASE_STATUSES, { error: '状态不正确' }).optional(),
      keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
    }),
    response: pageOf(purchaseRow),
  }),
  updateStatus: defineCall({
    method: 'POST',
    path: '/rest/purchase/updateStatus',
    access: P.upd,
    tag: PURCHASE_TAG,
    summary: '更新合作意向状态：新意向 → 已联系 → 已关闭（新意向可直接关闭；乐观锁）',
    body: purchaseStatusBody,
    response: purchaseRow,
  }),
};

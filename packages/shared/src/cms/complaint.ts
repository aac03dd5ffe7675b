/**
 * Complaints and suggestions (spec §7 /rest/complain/*): sent anonymously from the portal, answered,
 * closed or deleted in the console.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, PUBLIC } from '../contract';
import { pageOf, zDateTime, zFilterTime, zId, zPageParameter } from '../schemas';
import { CONTACT_MESSAGE, EMAIL_MESSAGE, isContact, isEmail } from '../validators';
import { removeBody, versionedBody } from './fields';

export const COMPLAINT_PERMISSIONS = permissionsOf('cms:complaint', ['list', 'detail', 'reply', 'close', 'del']);

/** PENDING (new) → REPLIED (answered, may be answered again) → CLOSED; PENDING may be closed directly. */
export const COMPLAINT_STATUSES = ['PENDING', 'REPLIED', 'CLOSED'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];
export const COMPLAINT_STATUS_LABELS: Readonly<Record<ComplaintStatus, string>> = { PENDING: '待处理', REPLIED: '已回复', CLOSED: '已关闭' };

export const COMPLAINT_TITLE_MAX = 100;
export const COMPLAINT_CONTENT_MAX = 2000;
export const COMPLAINT_NAME_MAX = 32;
export const COMPLAINT_REPLY_MAX = 2000;
/** Submissions allowed per address in the window (the portal form is anonymous). */
export const COMPLAINT_RATE_LIMIT = { max: 5, windowMs: 10 * 60_000 } as const;
export const COMPLAINT_SUCCESS_MESSAGE = '提交成功，感谢您的反馈';
export const CAPTCHA_WRONG_MESSAGE = '图形验证码错误或已过期，请重新获取';

const TAG = '投诉建议';

/** The portal form is plain text: markup is dropped before the length check. */
const stripTags = (text: string) => text.replace(/<[^>]*>/g, '').trim();
const plainText = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .transform(stripTags)
    .pipe(z.string().min(1, required).max(max, `${label}不能超过${max}个字符`));

export const complaintRow = z.object({
  complaintId: zId,
  siteId: zId,
  title: z.string(),
  content: z.string(),
  complainantName: z.string(),
  contact: z.string(),
  email: z.string().nullable(),
  userId: zId.nullable(),
  ip: z.string().nullable(),
  status: z.enum(COMPLAINT_STATUSES),
  reply: z.string().nullable(),
  replyTime: zDateTime.nullable(),
  replyBy: z.string().nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

/** What the portal form sends. */
export const complaintForm = z.object({
  title: plainText('请输入标题', COMPLAINT_TITLE_MAX, '标题'),
  content: plainText('请输入投诉建议内容', COMPLAINT_CONTENT_MAX, '投诉建议内容'),
  complainantName: plainText('请输入姓名', COMPLAINT_NAME_MAX, '姓名'),
  contact: z.string({ error: '请输入联系方式' }).trim().min(1, '请输入联系方式').refine(isContact, CONTACT_MESSAGE),
  email: z
    .string()
    .trim()
    .max(128, EMAIL_MESSAGE)
    .refine((v) => v === '' || isEmail(v), EMAIL_MESSAGE)
    .nullish()
    .transform((v) => v || null),
  siteCode: z.string().trim().min(1).max(64).optional(),
  captchaKey: z.string({ error: '请输入图形验证码' }).trim().min(1, '请输入图形验证码').max(64),
  captchaCode: z.string({ error: '请输入图形验证码' }).trim().min(1, '请输入图形验证码').max(16),
});

export const replyBody = versionedBody('complaintId').extend({ reply: plainText('请输入回复内容', COMPLAINT_REPLY_MAX, '回复内容') });

const P = COMPLAINT_PERMISSIONS;

export const complaintCalls = {
  submit: defineCall({
    method: 'POST',
    path: '/rest/complain/addComplain',
    access: PUBLIC,
    tag: TAG,
    summary: '门户提交投诉建议（图形验证码；每个地址10分钟内最多5次）',
    body: complaintForm,
    response: z.object({ complaintId: zId }),
    answer: 'portal',
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/complain/getComplainPage',
    access: P.list,
    tag: TAG,
    summary: '投诉建议分页（状态、关键词、提交时间范围；新提交的在前）',
    body: z.object({
      pageParameter: zPageParameter,
      status: z.enum(COMPLAINT_STATUSES, { error: '状态只能是 PENDING、REPLIED 或 CLOSED' }).optional(),
      keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
      beginTime: zFilterTime.optional(),
      endTime: zFilterTime.optional(),
    }),
    response: pageOf(complaintRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/complain/detail',
    access: P.detail,
    tag: TAG,
    summary: '投诉建议详情',
    body: z.object({ complaintId: zId }),
    response: complaintRow,
  }),
  reply: defineCall({
    method: 'POST',
    path: '/rest/complain/reply',
    access: P.reply,
    tag: TAG,
    summary: '回复投诉建议（→ 已回复；已关闭的不能回复；提交人已登录时发送站内消息）',
    body: replyBody,
    response: complaintRow,
  }),
  close: defineCall({
    method: 'POST',
    path: '/rest/complain/close',
    access: P.close,
    tag: TAG,
    summary: '关闭投诉建议',
    body: versionedBody('complaintId'),
    response: complaintRow,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/complain/delete',
    access: P.del,
    tag: TAG,
    summary: '删除投诉建议（逻辑删除）',
    body: removeBody('complaintId'),
    response: z.null(),
  }),
};

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMPLAINT_CONTENT_MAX,
  COMPLAINT_NAME_MAX,
  COMPLAINT_RATE_LIMIT,
  COMPLAINT_REPLY_MAX,
  COMPLAINT_STATUSES,
  COMPLAINT_TITLE_MAX,
  CONTACT_MESSAGE,
  EMAIL_MESSAGE,
  isContact,
  isEmail,
} from '@dandelion/shared';
import { envelopeOf, ok, portalEnvelopeOf, portalOk } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { PUBLIC, type Principal } from '../../../core/permissions';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import type { CaptchaService } from '../../auth/captchaService';
import { checkRange, timeRangeShape } from '../../../core/listing';
import { changeOf } from '../../../core/audit';
import { zLockVersion } from '@dandelion/shared';
import type { ComplaintService } from './service';

const TAG = '投诉建议';
export const CAPTCHA_WRONG_MESSAGE = '图形验证码错误或已过期，请重新获取';

/** The portal form is plain text: markup is dropped before the length check. */
const stripTags = (text: string) => text.replace(/<[^>]*>/g, '').trim();
const plainText = (required: string, max: number, label: string) =>
  z
    .string({ error: required })
    .transform(stripTags)
    .pipe(z.string().min(1, required).max(max, `${label}不能超过${max}个字符`));

const complaintSchema = z.object({
  complaintId: zId,
  siteId: zId,
  title: z.string(),
  content: z.string(),
  complainantName: z.string(),
  contact: z.string(),
  email: z.string().nullable(),
  userId: zId.nullable(),
  ip: z.string().nullable(),
  status: z.string(),
  reply: z.string().nullable(),
  replyTime: zDateTime.nullable(),
  replyBy: z.string().nullable(),
  createTime: zDateTime,
  updateTime: zDateTime,
  updateBy: z.string().nullable(),
  lockVersion: z.number(),
});

export function registerComplaintRoutes(
  app: FastifyInstance,
  deps: { complaints: ComplaintService; captchas: CaptchaService; identify?: (request: FastifyRequest) => Promise<Principal | null> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { complaints } = deps;

  r.post(
    '/rest/complain/addComplain',
    {
      config: {
        permission: PUBLIC,
        envelope: 'portal',
        // Anonymous and stored: a few per address, so the form cannot be used to flood the back office.
        rateLimit: { max: COMPLAINT_RATE_LIMIT.max, timeWindow: COMPLAINT_RATE_LIMIT.windowMs, keyGenerator: (request: FastifyRequest) => `complain:${request.ip}` },
      },
      schema: {
        tags: [TAG],
        summary: '门户提交投诉建议（图形验证码；每个地址10分钟内最多5次）',
        body: z.object({
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
        }),
        response: { 200: portalEnvelopeOf(z.object({ complaintId: zId })) },
      },
    },
    async (request) => {
      const { captchaKey, captchaCode, ...input } = request.body;
      if (!(await deps.captchas.consume(captchaKey, captchaCode))) throw errors.badRequest(CAPTCHA_WRONG_MESSAGE);
      const principal = deps.identify ? await deps.identify(request).catch(() => null) : null;
      return portalOk(await complaints.submit(input, { ip: request.ip, userId: principal?.userId ?? null }), '提交成功，感谢您的反馈');
    },
  );

  r.post(
    '/rest/complain/getComplainPage',
    {
      config: { permission: 'cms:complaint:list' },
      schema: {
        tags: [TAG],
        summary: '投诉建议分页（状态、关键词、提交时间范围；新提交的在前）',
        body: z.object({
          pageParameter: zPageParameter,
          status: z.enum(COMPLAINT_STATUSES, { error: '状态只能是 PENDING、REPLIED 或 CLOSED' }).optional(),
          keyword: z.string().trim().max(64, '关键词不能超过64个字符').optional(),
          ...timeRangeShape,
        }),
        response: { 200: envelopeOf(pageOf(complaintSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      checkRange(filter);
      return ok(await complaints.page(filter, pageParameter));
    },
  );

  r.post(
    '/rest/complain/detail',
    {
      config: { permission: 'cms:complaint:detail' },
      schema: { tags: [TAG], summary: '投诉建议详情', body: z.object({ complaintId: zId }), response: { 200: envelopeOf(complaintSchema) } },
    },
    async (request) => ok(await complaints.detail(request.body.complaintId)),
  );

  r.post(
    '/rest/complain/reply',
    {
      config: { permission: 'cms:complaint:reply' },
      schema: {
        tags: [TAG],
        summary: '回复投诉建议（→ 已回复；已关闭的不能回复；提交人已登录时发送站内消息）',
        body: z.object({
          complaintId: zId,
          lockVersion: zLockVersion,
          reply: plainText('请输入回复内容', COMPLAINT_REPLY_MAX, '回复内容'),
        }),
        response: { 200: envelopeOf(complaintSchema) },
      },
    },
    async (request) => {
      const { complaintId, lockVersion, reply } = request.body;
      return ok(await complaints.reply(complaintId, lockVersion, reply, changeOf(request)), '回复成功');
    },
  );

  r.post(
    '/rest/complain/close',
    {
      config: { permission: 'cms:complaint:close' },
      schema: { tags: [TAG], summary: '关闭投诉建议', body: z.object({ complaintId: zId, lockVersion: zLockVersion }), response: { 200: envelopeOf(complaintSchema) } },
    },
    async (request) => ok(await complaints.close(request.body.complaintId, request.body.lockVersion, changeOf(request)), '已关闭'),
  );

  r.post(
    '/rest/complain/delete',
    {
      config: { permission: 'cms:complaint:del' },
      schema: {
        tags: [TAG],
        summary: '删除投诉建议（逻辑删除）',
        body: z.object({ complaintId: zId, lockVersion: zLockVersion.optional() }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await complaints.remove(request.body.complaintId, request.body.lockVersion, changeOf(request));
      return ok(null, '删除成功');
    },
  );
}

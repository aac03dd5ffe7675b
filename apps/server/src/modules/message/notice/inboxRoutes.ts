import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, ok, portalEnvelopeOf, portalOk } from '../../../core/envelope';
import { PUBLIC, SIGNED_IN } from '../../../core/permissions';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import type { MessageService } from '../msg/service';
import { msgSchema } from '../msg/routes';
import type { NoticeInbox } from './inbox';
import { readerNotice, readerNoticeDetail, zPriority, zReadFlag } from './schemas';

const TAG = '通知公告';
const HEADER_DEFAULT = 5;

/** What signed-in users call about their own notices, the header's bell, and the portal's public notices. */
export function registerInboxRoutes(app: FastifyInstance, { inbox, messages }: { inbox: NoticeInbox; messages: MessageService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/noticeService/getNoticeByUserPage',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '我的通知（分页，最新在前）：只含发给我的、已发布且在有效期内的通知，带已读/未读',
        body: z.object({ pageParameter: zPageParameter, title: z.string().trim().max(200).optional(), readFlag: zReadFlag.optional(), priority: zPriority.optional() }),
        response: { 200: envelopeOf(pageOf(readerNotice)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await inbox.page(request.principal!.userId, filter, pageParameter));
    },
  );

  r.post(
    '/rest/noticeService/getMyNoticeById',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '阅读一条我的通知（打开即标记为已读）；不是发给我的或已撤回、已过期的返回 404',
        body: z.object({ noticeId: zId }),
        response: { 200: envelopeOf(readerNoticeDetail) },
      },
    },
    async (request) => ok(await inbox.open(request.principal!.userId, request.body.noticeId, request.principal!)),
  );

  r.post(
    '/rest/noticeService/getHeaderNotice',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '页头通知下拉：最新的未读通知与未读站内消息，以及未读总数（通知 + 消息）',
        body: z.object({ limit: z.number().int().min(1).max(20).default(HEADER_DEFAULT) }),
        response: {
          200: envelopeOf(
            z.object({
              notices: z.array(readerNotice),
              noticeUnread: z.number(),
              msgs: z.array(msgSchema),
              msgUnread: z.number(),
              unreadCount: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const notices = await inbox.header(userId, request.body.limit);
      const msgs = await messages.unread(userId, request.body.limit);
      return ok({ notices: notices.list, noticeUnread: notices.total, msgs: msgs.list, msgUnread: msgs.total, unreadCount: notices.total + msgs.total });
    },
  );

  r.post(
    '/rest/noticeService/updateReadStatus',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '把我的通知标记为已读：noticeIds 指定的几条，或 all: true 全部',
        body: z
          .object({ noticeIds: z.array(zId).max(500, '一次最多标记 500 条').optional(), all: z.boolean().optional() })
          .refine((b) => b.all || (b.noticeIds?.length ?? 0) > 0, { message: '请选择要标记为已读的通知' }),
        response: { 200: envelopeOf(z.object({ updated: z.number(), unreadCount: z.number() })) },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const updated = await inbox.markRead(userId, request.body);
      return ok({ updated, unreadCount: await inbox.unreadCount(userId) }, '已标记为已读');
    },
  );

  r.post(
    '/rest/noticeService/getPublicNoticeByPage',
    {
      config: { permission: PUBLIC, envelope: 'portal' },
      schema: {
        tags: ['门户内容'],
        summary: '门户通知公告列表（/notification）：已发布、在有效期内、公开到门户的通知，最新在前',
        body: z.object({ pageParameter: zPageParameter, title: z.string().trim().max(200).optional() }),
        response: {
          200: portalEnvelopeOf(
            pageOf(z.object({ noticeId: zId, title: z.string(), summary: z.string(), priority: z.string(), publishTime: zDateTime })),
          ),
        },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return portalOk(await inbox.publicPage(filter, pageParameter));
    },
  );

  r.post(
    '/rest/noticeService/getPublicNoticeById',
    {
      config: { permission: PUBLIC, envelope: 'portal' },
      schema: {
        tags: ['门户内容'],
        summary: '门户通知公告详情（/notificationDetail/{id}）：正文与附件；非公开、未发布或已失效的返回 404',
        body: z.object({ noticeId: zId }),
        response: {
          200: portalEnvelopeOf(
            z.object({
              noticeId: zId,
              title: z.string(),
              content: z.string(),
              priority: z.string(),
              publishTime: zDateTime,
              expireTime: zDateTime.nullable(),
              releaseBy: z.string().nullable(),
              attachments: z.array(z.object({ fileId: zId, filename: z.string(), size: z.number(), type: z.string(), url: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => portalOk(await inbox.publicDetail(request.body.noticeId)),
  );
}

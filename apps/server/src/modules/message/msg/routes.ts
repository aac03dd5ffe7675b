import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MESSAGE_CATEGORIES } from '@dandelion/shared';
import { envelopeOf, ok } from '../../../core/envelope';
import { SIGNED_IN } from '../../../core/permissions';
import { pageOf, zDateTime, zId, zPageParameter } from '@dandelion/shared';
import type { MessageService } from './service';

const TAG = '站内消息';
const zReadFlag = z.union([z.literal(0), z.literal(1)], { error: '阅读状态只能是 0（未读）或 1（已读）' });

export const msgSchema = z.object({
  msgId: zId,
  title: z.string(),
  content: z.string(),
  category: z.string(),
  link: z.string().nullable(),
  readFlag: zReadFlag,
  readTime: zDateTime.nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
});

/** The signed-in user's own in-site messages (spec §7 /rest/msg/*; updateReadStatus is ours). */
export function registerMsgRoutes(app: FastifyInstance, { messages }: { messages: MessageService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/rest/msg/getMyNoReadMsgList',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '我的未读消息（最新的 limit 条，默认 10）与未读总数',
        body: z.object({ limit: z.number().int().min(1).max(50).default(10) }),
        response: { 200: envelopeOf(z.object({ list: z.array(msgSchema), total: z.number() })) },
      },
    },
    async (request) => ok(await messages.unread(request.principal!.userId, request.body.limit)),
  );

  r.post(
    '/rest/msg/getMyMsgList',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '我的消息（分页，最新在前）：按标题、类别、阅读状态筛选',
        body: z.object({
          pageParameter: zPageParameter,
          title: z.string().trim().max(200).optional(),
          category: z.enum(MESSAGE_CATEGORIES, { error: '不支持的消息类别' }).optional(),
          readFlag: zReadFlag.optional(),
        }),
        response: { 200: envelopeOf(pageOf(msgSchema)) },
      },
    },
    async (request) => {
      const { pageParameter, ...filter } = request.body;
      return ok(await messages.page(request.principal!.userId, filter, pageParameter));
    },
  );

  r.post(
    '/rest/msg/getMyMsgDetailById',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '消息详情（打开即标记为已读）；不是发给我的返回 404',
        body: z.object({ msgId: zId }),
        response: { 200: envelopeOf(msgSchema) },
      },
    },
    async (request) => ok(await messages.open(request.principal!.userId, request.body.msgId)),
  );

  r.post(
    '/rest/msg/updateReadStatus',
    {
      config: { permission: SIGNED_IN },
      schema: {
        tags: [TAG],
        summary: '把我的消息标记为已读：msgIds 指定的几条，或 all: true 全部',
        body: z
          .object({ msgIds: z.array(zId).max(500, '一次最多标记 500 条').optional(), all: z.boolean().optional() })
          .refine((b) => b.all || (b.msgIds?.length ?? 0) > 0, { message: '请选择要标记为已读的消息' }),
        response: { 200: envelopeOf(z.object({ updated: z.number(), unreadCount: z.number() })) },
      },
    },
    async (request) => {
      const userId = request.principal!.userId;
      const updated = await messages.markRead(userId, request.body);
      return ok({ updated, unreadCount: await messages.unreadCount(userId) }, '已标记为已读');
    },
  );
}

import type { FastifyInstance } from 'fastify';
import { msgCalls } from '@dandelion/shared/message/msg';
import { ok } from '../../../core/envelope';
import { serve } from '../../../core/route';
import type { MessageService } from './service';

/** The signed-in user's own in-site messages (spec §7 /rest/msg/*; updateReadStatus is ours). */
export function registerMsgRoutes(app: FastifyInstance, messages: MessageService) {
  serve(app, msgCalls.unread, async (request) => ok(await messages.unread(request.principal!.userId, request.body.limit)));

  serve(app, msgCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await messages.page(request.principal!.userId, filter, pageParameter));
  });

  serve(app, msgCalls.detail, async (request) => ok(await messages.open(request.principal!.userId, request.body.msgId)));

  serve(app, msgCalls.markRead, async (request) => {
    const userId = request.principal!.userId;
    const updated = await messages.markRead(userId, request.body);
    return ok({ updated, unreadCount: await messages.unreadCount(userId) }, '已标记为已读');
  });
}

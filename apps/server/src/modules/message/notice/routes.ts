import type { FastifyInstance } from 'fastify';
import { NOTICE_PERMISSIONS, noticeCalls, noticeInboxCalls } from '@dandelion/shared/message/notice';
import { changeOf } from '../../../core/audit';
import { ok, portalOk } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { sendWorkbook } from '../../../core/excel';
import type { Principal } from '../../../core/permissions';
import { serve } from '../../../core/route';
import type { Directory } from '../directory/module';
import type { MessageService } from '../msg/module';
import type { NoticeInbox } from './inbox';
import type { ReceiptService } from './receipts';
import type { NoticeService } from './service';

export interface NoticeRouteDeps {
  notices: NoticeService;
  inbox: NoticeInbox;
  receipts: ReceiptService;
  directory: Directory;
  messages: MessageService;
}

/** Saving with release: true is releasing too, so it needs that permission as well. */
function mayRelease(principal: Principal, release: boolean) {
  if (release && !principal.isSuperAdmin && !principal.permissions.has(NOTICE_PERMISSIONS.release)) throw errors.forbidden('没有发布通知的权限，请保存为草稿');
}

/** A notice title as part of a file name. */
const fileNamePart = (title: string) => title.replace(/[\\/:*?"<>|\s]+/g, '_').slice(0, 40);

/** The administrators' notice calls, the read receipts and audience pickers (spec §7 /rest/noticeService/*). */
function registerAdminRoutes(app: FastifyInstance, { notices, receipts, directory }: NoticeRouteDeps) {
  serve(app, noticeCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await notices.page(filter, pageParameter));
  });

  serve(app, noticeCalls.detail, async (request) => ok(await notices.detail(request.body.noticeId, request.principal!)));

  serve(app, noticeCalls.add, async (request) => {
    const { release, ...input } = request.body;
    mayRelease(request.principal!, release);
    return ok(await notices.add(input, release, changeOf(request)), release ? '发布成功' : '保存成功');
  });

  serve(app, noticeCalls.update, async (request) => {
    const { noticeId, lockVersion, release, ...input } = request.body;
    mayRelease(request.principal!, release);
    return ok(await notices.update(noticeId, lockVersion, input, release, changeOf(request)), release ? '发布成功' : '保存成功');
  });

  serve(app, noticeCalls.updateStatus, async (request) => {
    const { noticeId, lockVersion, status } = request.body;
    return ok(await notices.updateStatus(noticeId, lockVersion, status, changeOf(request)), status === 'RELEASED' ? '发布成功' : '已撤回');
  });

  serve(app, noticeCalls.sync, async (request) => {
    const result = await notices.sync(request.body.ids, changeOf(request));
    return ok(result, `同步完成：新投递 ${result.delivered} 人，收回 ${result.withdrawn} 人`);
  });

  serve(app, noticeCalls.remove, async (request) => {
    await notices.remove(request.body.noticeId, request.body.lockVersion, changeOf(request));
    return ok(null, '删除成功');
  });

  serve(app, noticeCalls.removeMany, async (request) => ok({ deleted: await notices.removeMany(request.body.ids, changeOf(request)) }, '删除成功'));

  serve(app, noticeCalls.receiptSummary, async (request) => ok(await receipts.summary(request.body.noticeId)));

  serve(app, noticeCalls.receiptPage, async (request) => {
    const { pageParameter, noticeId, ...filter } = request.body;
    return ok(await receipts.page(noticeId, filter, pageParameter));
  });

  serve(app, noticeCalls.exportReceipts, async (request, reply) => {
    const { noticeId, ...filter } = request.body;
    const { title, file } = await receipts.export(noticeId, filter);
    return sendWorkbook(reply, `阅读情况_${fileNamePart(title)}`, 'notice-receipts', file);
  });

  serve(app, noticeCalls.audienceOptions, async () => ok({ roles: await directory.roles(), orgs: await directory.orgs() }));

  serve(app, noticeCalls.searchAudienceUsers, async (request) => ok(await directory.searchUsers(request.body)));
}

/** What signed-in users call about their own notices, the header's bell, and the portal's public notices. */
function registerInboxRoutes(app: FastifyInstance, { inbox, messages }: NoticeRouteDeps) {
  serve(app, noticeInboxCalls.page, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return ok(await inbox.page(request.principal!.userId, filter, pageParameter));
  });

  serve(app, noticeInboxCalls.open, async (request) => ok(await inbox.open(request.principal!.userId, request.body.noticeId, request.principal!)));

  serve(app, noticeInboxCalls.header, async (request) => {
    const userId = request.principal!.userId;
    const notices = await inbox.header(userId, request.body.limit);
    const msgs = await messages.unread(userId, request.body.limit);
    return ok({ notices: notices.list, noticeUnread: notices.total, msgs: msgs.list, msgUnread: msgs.total, unreadCount: notices.total + msgs.total });
  });

  serve(app, noticeInboxCalls.markRead, async (request) => {
    const userId = request.principal!.userId;
    const updated = await inbox.markRead(userId, request.body);
    return ok({ updated, unreadCount: await inbox.unreadCount(userId) }, '已标记为已读');
  });

  serve(app, noticeInboxCalls.publicPage, async (request) => {
    const { pageParameter, ...filter } = request.body;
    return portalOk(await inbox.publicPage(filter, pageParameter));
  });

  serve(app, noticeInboxCalls.publicDetail, async (request) => portalOk(await inbox.publicDetail(request.body.noticeId)));
}

/** Every notice call: administration, receipts and pickers, the reader's inbox and the portal. */
export function registerNoticeRoutes(app: FastifyInstance, deps: NoticeRouteDeps) {
  registerAdminRoutes(app, deps);
  registerInboxRoutes(app, deps);
}

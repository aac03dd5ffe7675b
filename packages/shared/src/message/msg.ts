/** In-site messages (spec §7 /rest/msg/*): what other modules send a user, read by that user alone. */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN } from '../contract';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';
import { zReadFlag } from './common';

/** The page of a user's own notices and messages (every signed-in user reads their own; the page is a menu entry). */
export const MY_MESSAGE_PERMISSIONS = permissionsOf('message:my', ['list']);

/** What an in-site message is about; modules sending messages pick one. */
export const MESSAGE_CATEGORIES = ['SYSTEM', 'DECLARATION', 'REVIEW', 'TASK', 'TEMPLATE'] as const;
export type MessageCategory = (typeof MESSAGE_CATEGORIES)[number];
export const MESSAGE_CATEGORY_LABELS: Readonly<Record<MessageCategory, string>> = {
  SYSTEM: '系统消息',
  DECLARATION: '申报',
  REVIEW: '评审',
  TASK: '定时任务',
  TEMPLATE: '模板消息',
};

/** A link in a message must stay inside the site: a root-relative path, never `//host` or `javascript:`. */
export const SITE_LINK = /^\/(?!\/)[^\s\\]*$/;
export const SITE_LINK_MESSAGE = '链接只能是以 / 开头的站内地址';

export const msgRow = z.object({
  msgId: zId,
  title: z.string(),
  content: z.string(),
  category: z.enum(MESSAGE_CATEGORIES),
  link: z.string().nullable(),
  readFlag: zReadFlag,
  readTime: zDateTime.nullable(),
  createTime: zDateTime,
  createBy: z.string().nullable(),
});

/** `{ updated, unreadCount }`: how many were marked read, and what is still unread. */
export const readMarked = z.object({ updated: z.number(), unreadCount: z.number() });

const tag = '站内消息';

export const msgCalls = {
  unread: defineCall({
    method: 'POST',
    path: '/rest/msg/getMyNoReadMsgList',
    access: SIGNED_IN,
    tag,
    summary: '我的未读消息（最新的 limit 条，默认 10）与未读总数',
    body: z.object({ limit: z.number().int().min(1).max(50).default(10) }),
    response: z.object({ list: z.array(msgRow), total: z.number() }),
  }),
  page: defineCall({
    method: 'POST',
    path: '/rest/msg/getMyMsgList',
    access: SIGNED_IN,
    tag,
    summary: '我的消息（分页，最新在前）：按标题、类别、阅读状态筛选',
    body: z.object({
      pageParameter: zPageParameter,
      title: z.string().trim().max(200).optional(),
      category: z.enum(MESSAGE_CATEGORIES, { error: '不支持的消息类别' }).optional(),
      readFlag: zReadFlag.optional(),
    }),
    response: pageOf(msgRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/msg/getMyMsgDetailById',
    access: SIGNED_IN,
    tag,
    summary: '消息详情（打开即标记为已读）；不是发给我的返回 404',
    body: z.object({ msgId: zId }),
    response: msgRow,
  }),
  markRead: defineCall({
    method: 'POST',
    path: '/rest/msg/updateReadStatus',
    access: SIGNED_IN,
    tag,
    summary: '把我的消息标记为已读：msgIds 指定的几条，或 all: true 全部',
    body: z
      .object({ msgIds: z.array(zId).max(500, '一次最多标记 500 条').optional(), all: z.boolean().optional() })
      .refine((b) => b.all || (b.msgIds?.length ?? 0) > 0, { message: '请选择要标记为已读的消息' }),
    response: readMarked,
  }),
};

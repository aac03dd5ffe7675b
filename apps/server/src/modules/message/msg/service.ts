import { MESSAGE_CATEGORIES, SITE_LINK, SITE_LINK_MESSAGE, type MessageCategory } from '@dandelion/shared/message/msg';
import type { PageParameter } from '@dandelion/shared';
import { recordOperation } from '../../../core/audit';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { msgRepo, type MsgRow, type MyMsgFilter } from './repo';

export const MSG_MODULE = 'message:msg';
export const MSG_TITLE_MAX = 200;
export const MSG_BODY_MAX = 4000;
export const MSG_RECIPIENTS_MAX = 10_000;

/** What another module hands to `messages.send`. */
export interface SendMessageInput {
  userIds: readonly number[];
  title: string;
  body: string;
  category?: MessageCategory;
  /** A root-relative site address the message leads to (the declaration, the task log …). */
  link?: string | null;
  /** Who sends it; the system when absent. */
  sender?: Actor | null;
}

export const presentMsg = (row: MsgRow) => ({
  msgId: row.id,
  title: row.title,
  content: row.content,
  category: row.category,
  link: row.link,
  readFlag: (row.readTime ? 1 : 0) as 0 | 1,
  readTime: row.readTime,
  createTime: row.createTime,
  createBy: row.createBy,
});

/** Checks a message before it is written; a caller's mistake is a 400 with the reason, never a broken row. */
function checkMessage(input: SendMessageInput) {
  if (!input.title.trim()) throw errors.badRequest('消息标题不能为空');
  if (input.title.length > MSG_TITLE_MAX) throw errors.badRequest(`消息标题不能超过${MSG_TITLE_MAX}个字符`);
  if (input.body.length > MSG_BODY_MAX) throw errors.badRequest(`消息内容不能超过${MSG_BODY_MAX}个字符`);
  if (input.category && !MESSAGE_CATEGORIES.includes(input.category)) throw errors.badRequest(`不支持的消息类别：${input.category}`);
  if (input.link && !SITE_LINK.test(input.link)) throw errors.badRequest(SITE_LINK_MESSAGE);
  if (input.userIds.length > MSG_RECIPIENTS_MAX) throw errors.badRequest(`一次最多发送给 ${MSG_RECIPIENTS_MAX} 人`);
}

/**
 * In-site messages (spec §7 /rest/msg/*). Other modules send through `send`, inside their own
 * transaction, so a message goes out exactly when the change it reports commits.
 */
export function createMessageService({ db }: { db: Executor }) {
  const unreadCount = (userId: number) => msgRepo.unreadCount(db, userId);

  return {
    /**
     * Sends one message to each of `userIds` (deleted users are skipped), inside `ex` when it is a
     * transaction. Answers the ids of the messages written, in the order of the users.
     */
    async send(ex: Executor, input: SendMessageInput): Promise<number[]> {
      checkMessage(input);
      const wanted = [...new Set(input.userIds)];
      if (!wanted.length) return [];
      return withTransaction(ex, async (tx) => {
        const live = await msgRepo.liveUserIds(tx, wanted);
        const recipients = wanted.filter((id) => live.has(id));
        if (!recipients.length) return [];
        const audit = createdBy(input.sender ?? null);
        const title = input.title.trim();
        const category = input.category ?? 'SYSTEM';
        const ids = await msgRepo.insertMany(
          tx,
          recipients.map((userId) => ({ userId, title, content: input.body, category, link: input.link || null, ...audit })),
        );
        await recordOperation(tx, {
          module: MSG_MODULE,
          action: 'SEND',
          entityId: ids[0]!,
          summary: `发送站内消息「${title}」给 ${recipients.length} 人`,
          after: { title: input.title, category, link: input.link ?? null, userIds: recipients },
          actor: input.sender ?? null,
        });
        return ids;
      });
    },

    /** The newest unread messages (getMyNoReadMsgList) and how many are unread. */
    async unread(userId: number, limit: number) {
      const list = await msgRepo.unread(db, userId, limit);
      return { list: list.map(presentMsg), total: await unreadCount(userId) };
    },

    unreadCount,

    /** getMyMsgList: the caller's messages, newest first. */
    async page(userId: number, filter: MyMsgFilter, page: PageParameter) {
      const where = msgRepo.listCondition(userId, filter);
      const result = await paginate(
        page,
        (limit, offset) => msgRepo.list(db, where, limit, offset),
        () => msgRepo.count(db, where),
      );
      return { ...result, list: result.list.map(presentMsg) };
    },

    /** getMyMsgDetailById: one of the caller's messages; opening it marks it read. Others' messages answer 404. */
    async open(userId: number, msgId: number) {
      const row = await msgRepo.findMine(db, userId, msgId);
      if (!row) throw errors.notFound('消息');
      if (row.readTime) return presentMsg(row);
      return presentMsg((await msgRepo.markOneRead(db, msgId, new Date())) ?? row);
    },

    /** Marks the given messages, or all of the caller's, read; answers how many changed. */
    async markRead(userId: number, input: { msgIds?: number[]; all?: boolean }) {
      const ids = [...new Set(input.msgIds ?? [])];
      if (!input.all && (await msgRepo.mineAmong(db, userId, ids)).length !== ids.length) throw errors.notFound('消息');
      return msgRepo.markRead(db, userId, input.all ? null : ids, new Date());
    },
  };
}
export type MessageService = ReturnType<typeof createMessageService>;

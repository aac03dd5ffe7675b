import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { MESSAGE_CATEGORIES, SITE_LINK, SITE_LINK_MESSAGE, type MessageCategory, type PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../../core/audit';
import { sysUser } from '../../system/user/schema';
import { sysMsg } from './schema';
import { likePattern } from '../../../core/sql';

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

export interface MyMsgFilter {
  title?: string;
  category?: MessageCategory;
  /** 0 unread, 1 read. */
  readFlag?: 0 | 1;
}

export type MsgRow = typeof sysMsg.$inferSelect;

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
  const mine = (userId: number): SQL => and(eq(sysMsg.userId, userId), notDeleted(sysMsg))!;

  async function unreadCount(userId: number): Promise<number> {
    return Number((await db.select({ n: count() }).from(sysMsg).where(and(mine(userId), isNull(sysMsg.readTime))))[0]!.n);
  }

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
        const live = await tx.select({ id: sysUser.id }).from(sysUser).where(and(inArray(sysUser.id, wanted), notDeleted(sysUser)));
        const liveIds = new Set(live.map((u) => u.id));
        const recipients = wanted.filter((id) => liveIds.has(id));
        if (!recipients.length) return [];
        const audit = createdBy(input.sender ?? null);
        const rows = await tx
          .insert(sysMsg)
          .values(
            recipients.map((userId) => ({
              userId,
              title: input.title.trim(),
              content: input.body,
              category: input.category ?? 'SYSTEM',
              link: input.link || null,
              ...audit,
            })),
          )
          .returning({ id: sysMsg.id });
        await recordOperation(tx, {
          module: MSG_MODULE,
          action: 'SEND',
          entityId: rows[0]!.id,
          summary: `发送站内消息「${input.title.trim()}」给 ${recipients.length} 人`,
          after: { title: input.title, category: input.category ?? 'SYSTEM', link: input.link ?? null, userIds: recipients },
          actor: input.sender ?? null,
        });
        return rows.map((r) => r.id);
      });
    },

    /** The newest unread messages (getMyNoReadMsgList) and how many are unread. */
    async unread(userId: number, limit: number) {
      const list = await db
        .select()
        .from(sysMsg)
        .where(and(mine(userId), isNull(sysMsg.readTime)))
        .orderBy(desc(sysMsg.createTime), desc(sysMsg.id))
        .limit(limit);
      return { list: list.map(presentMsg), total: await unreadCount(userId) };
    },

    unreadCount,

    /** getMyMsgList: the caller's messages, newest first. */
    async page(userId: number, filter: MyMsgFilter, page: PageParameter) {
      const where = and(
        mine(userId),
        filter.title ? ilike(sysMsg.title, likePattern(filter.title)) : undefined,
        filter.category ? eq(sysMsg.category, filter.category) : undefined,
        filter.readFlag === 0 ? isNull(sysMsg.readTime) : filter.readFlag === 1 ? isNotNull(sysMsg.readTime) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(sysMsg).where(where).orderBy(desc(sysMsg.createTime), desc(sysMsg.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysMsg).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(presentMsg) };
    },

    /** getMyMsgDetailById: one of the caller's messages; opening it marks it read. Others' messages answer 404. */
    async open(userId: number, msgId: number) {
      const [row] = await db.select().from(sysMsg).where(and(mine(userId), eq(sysMsg.id, msgId))).limit(1);
      if (!row) throw errors.notFound('消息');
      if (row.readTime) return presentMsg(row);
      const [read] = await db.update(sysMsg).set({ readTime: new Date() }).where(and(eq(sysMsg.id, msgId), isNull(sysMsg.readTime))).returning();
      return presentMsg(read ?? row);
    },

    /** Marks the given messages, or all of the caller's, read; answers how many changed. */
    async markRead(userId: number, input: { msgIds?: number[]; all?: boolean }) {
      const ids = [...new Set(input.msgIds ?? [])];
      if (!input.all) {
        const found = await db.select({ id: sysMsg.id }).from(sysMsg).where(and(mine(userId), inArray(sysMsg.id, ids)));
        if (found.length !== ids.length) throw errors.notFound('消息');
      }
      const rows = await db
        .update(sysMsg)
        .set({ readTime: new Date() })
        .where(and(mine(userId), isNull(sysMsg.readTime), input.all ? undefined : inArray(sysMsg.id, ids)))
        .returning({ id: sysMsg.id });
      return rows.length;
    },
  };
}
export type MessageService = ReturnType<typeof createMessageService>;

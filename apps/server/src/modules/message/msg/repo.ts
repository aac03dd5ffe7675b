import { and, count, desc, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { ReadFlag } from '@dandelion/shared/message/common';
import type { MessageCategory } from '@dandelion/shared/message/msg';
import type { Executor } from '../../../core/db';
import { notDeleted } from '../../../core/records';
import { containing } from '../../../core/sql';
import { liveUsers } from '../../system/user/module';
import { sysMsg } from './tables';

export type MsgRow = typeof sysMsg.$inferSelect;

export interface MyMsgFilter {
  title?: string;
  category?: MessageCategory;
  readFlag?: ReadFlag;
}

/** One user's messages that are not deleted. */
const mine = (userId: number, ...more: Array<SQL | undefined>) => and(eq(sysMsg.userId, userId), notDeleted(sysMsg), ...more);
const unread = isNull(sysMsg.readTime);
const newestFirst = [desc(sysMsg.createTime), desc(sysMsg.id)];

/** Every query of the in-site messages; each takes the executor (the database or an open transaction) first. */
export const msgRepo = {
  /** The users among `ids` who exist and are not deleted. */
  async liveUserIds(ex: Executor, ids: number[]): Promise<Set<number>> {
    const rows = await ex.select({ id: liveUsers.userId }).from(liveUsers).where(inArray(liveUsers.userId, ids));
    return new Set(rows.map((r) => r.id));
  },

  async insertMany(ex: Executor, rows: Array<typeof sysMsg.$inferInsert>): Promise<number[]> {
    return (await ex.insert(sysMsg).values(rows).returning({ id: sysMsg.id })).map((r) => r.id);
  },

  unread: (ex: Executor, userId: number, limit: number) =>
    ex
      .select()
      .from(sysMsg)
      .where(mine(userId, unread))
      .orderBy(...newestFirst)
      .limit(limit),

  async unreadCount(ex: Executor, userId: number): Promise<number> {
    return Number((await ex.select({ n: count() }).from(sysMsg).where(mine(userId, unread)))[0]!.n);
  },

  /** WHERE of the user's list. */
  listCondition: (userId: number, filter: MyMsgFilter) =>
    mine(
      userId,
      filter.title ? containing(sysMsg.title, filter.title) : undefined,
      filter.category ? eq(sysMsg.category, filter.category) : undefined,
      filter.readFlag === 0 ? unread : filter.readFlag === 1 ? isNotNull(sysMsg.readTime) : undefined,
    ),

  list: (ex: Executor, where: SQL | undefined, limit: number, offset: number) =>
    ex
      .select()
      .from(sysMsg)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset(offset),

  async count(ex: Executor, where: SQL | undefined): Promise<number> {
    return (await ex.select({ n: count() }).from(sysMsg).where(where))[0]!.n;
  },

  async findMine(ex: Executor, userId: number, msgId: number): Promise<MsgRow | undefined> {
    const [row] = await ex.select().from(sysMsg).where(mine(userId, eq(sysMsg.id, msgId))).limit(1);
    return row;
  },

  /** Marks one message read unless it already is; answers it as it is now, or nothing when it already was. */
  async markOneRead(ex: Executor, msgId: number, at: Date): Promise<MsgRow | undefined> {
    const [row] = await ex
      .update(sysMsg)
      .set({ readTime: at })
      .where(and(eq(sysMsg.id, msgId), unread))
      .returning();
    return row;
  },

  async mineAmong(ex: Executor, userId: number, ids: number[]): Promise<number[]> {
    return (await ex.select({ id: sysMsg.id }).from(sysMsg).where(mine(userId, inArray(sysMsg.id, ids)))).map((r) => r.id);
  },

  /** Marks the user's unread messages read (only `ids` when given); answers how many changed. */
  async markRead(ex: Executor, userId: number, ids: number[] | null, at: Date): Promise<number> {
    const rows = await ex
      .update(sysMsg)
      .set({ readTime: at })
      .where(mine(userId, unread, ids ? inArray(sysMsg.id, ids) : undefined))
      .returning({ id: sysMsg.id });
    return rows.length;
  },
};

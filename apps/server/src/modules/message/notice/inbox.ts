import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { NoticePriority, PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import type { Principal } from '../../../core/permissions';
import type { FileService } from '../../file/service';
import { inAudience, noticeLive, orgOfUser } from './audience';
import { NOTICE_FILE_BIZ } from './content';
import { sysNotice, sysNoticeReceiver } from './schema';
import { likePattern } from '../../../core/sql';

export interface InboxFilter {
  title?: string;
  /** 0 unread, 1 read. */
  readFlag?: 0 | 1;
  priority?: NoticePriority;
}


/** What a reader sees of a notice in a list. */
const readerColumns = {
  noticeId: sysNotice.id,
  title: sysNotice.title,
  summary: sysNotice.summary,
  priority: sysNotice.priority,
  publishTime: sysNotice.publishTime,
  expireTime: sysNotice.expireTime,
  releaseBy: sysNotice.releaseBy,
  attachmentIds: sysNotice.attachmentIds,
  readTime: sysNoticeReceiver.readTime,
};
interface ReaderRow {
  noticeId: number;
  title: string;
  summary: string;
  priority: string;
  publishTime: Date | null;
  expireTime: Date | null;
  releaseBy: string | null;
  attachmentIds: string[];
  readTime: Date | null;
}

const presentReader = ({ attachmentIds, readTime, publishTime, ...row }: ReaderRow) => ({
  ...row,
  publishTime: publishTime!,
  attachmentCount: attachmentIds.length,
  readFlag: (readTime ? 1 : 0) as 0 | 1,
  readTime,
});

/** Public notices, as the portal lists them. */
const publicColumns = { noticeId: sysNotice.id, title: sysNotice.title, summary: sysNotice.summary, priority: sysNotice.priority, publishTime: sysNotice.publishTime };

/**
 * A user's notices (spec §7 getNoticeByUserPage, getHeaderNotice, updateReadStatus): the released,
 * current notices of their inbox whose audience still includes them, with read state. A notice
 * revoked, deleted, expired, not yet published, or no longer meant for them is never shown.
 */
export function createNoticeInbox({ db, files }: { db: Executor; files: FileService }) {
  /**
   * The notices the user may see at `now`: live, and the user in their audience. Asked first and on
   * its own, so each notice's audience is checked once; the inbox queries then only look up the
   * user's copies of these ids (one query with the check inside a join let the planner re-check
   * every notice for every copy).
   */
  async function visibleIds(userId: number, now: Date, among?: number[]): Promise<number[]> {
    if (among && !among.length) return [];
    const rows = await db
      .select({ id: sysNotice.id })
      .from(sysNotice)
      .where(and(noticeLive(now), inAudience(userId, orgOfUser(userId)), among ? inArray(sysNotice.id, among) : undefined));
    return rows.map((r) => r.id);
  }

  /** The user's copies of `ids`. */
  const copiesOf = (userId: number, ids: number[]): SQL => and(eq(sysNoticeReceiver.userId, userId), inArray(sysNoticeReceiver.noticeId, ids))!;

  /**
   * The notices the user may see, each delivered to them if it was not yet: a user who joined the
   * audience after the release (a new account, a new role) finds it at once, without waiting for
   * an administrator's sync. ON CONFLICT keeps a race with a sync from making a second copy.
   */
  async function seenAndDelivered(userId: number, now: Date, among?: number[]): Promise<number[]> {
    const ids = await visibleIds(userId, now, among);
    if (!ids.length) return ids;
    const have = new Set((await db.select({ id: sysNoticeReceiver.noticeId }).from(sysNoticeReceiver).where(copiesOf(userId, ids))).map((r) => r.id));
    const missing = ids.filter((id) => !have.has(id));
    if (missing.length) await db.insert(sysNoticeReceiver).values(missing.map((noticeId) => ({ noticeId, userId, deliverTime: now }))).onConflictDoNothing();
    return ids;
  }

  const inbox = () => db.select(readerColumns).from(sysNoticeReceiver).innerJoin(sysNotice, eq(sysNotice.id, sysNoticeReceiver.noticeId));

  async function countUnread(userId: number, ids: number[]): Promise<number> {
    if (!ids.length) return 0;
    const [row] = await db
      .select({ n: count() })
      .from(sysNoticeReceiver)
      .where(and(copiesOf(userId, ids), isNull(sysNoticeReceiver.readTime)));
    return Number(row!.n);
  }

  async function markRead(userId: number, ids: number[], now: Date): Promise<number> {
    if (!ids.length) return 0;
    const rows = await db
      .update(sysNoticeReceiver)
      .set({ readTime: now })
      .where(and(copiesOf(userId, ids), isNull(sysNoticeReceiver.readTime)))
      .returning({ id: sysNoticeReceiver.noticeId });
    return rows.length;
  }

  const emptyPage = (page: PageParameter) => ({ list: [], total: 0, pageNum: page.pageNum, pageSize: page.pageSize });

  return {
    async page(userId: number, filter: InboxFilter, page: PageParameter) {
      const now = new Date();
      const ids = await seenAndDelivered(userId, now);
      if (!ids.length) return emptyPage(page);
      const where = and(
        copiesOf(userId, ids),
        filter.title ? ilike(sysNotice.title, likePattern(filter.title)) : undefined,
        filter.priority ? eq(sysNotice.priority, filter.priority) : undefined,
        filter.readFlag === 0 ? isNull(sysNoticeReceiver.readTime) : filter.readFlag === 1 ? isNotNull(sysNoticeReceiver.readTime) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => inbox().where(where).orderBy(desc(sysNotice.publishTime), desc(sysNotice.id)).limit(limit).offset(offset),
        async () =>
          (await db.select({ n: count() }).from(sysNoticeReceiver).innerJoin(sysNotice, eq(sysNotice.id, sysNoticeReceiver.noticeId)).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(presentReader) };
    },

    /** The newest unread notices and how many are unread (the header dropdown). */
    async header(userId: number, limit: number) {
      const now = new Date();
      const ids = await seenAndDelivered(userId, now);
      if (!ids.length) return { list: [], total: 0 };
      const list = await inbox()
        .where(and(copiesOf(userId, ids), isNull(sysNoticeReceiver.readTime)))
        .orderBy(desc(sysNotice.publishTime), desc(sysNotice.id))
        .limit(limit);
      return { list: list.map(presentReader), total: await countUnread(userId, ids) };
    },

    /** One notice as its reader sees it; opening it marks it read. */
    async open(userId: number, noticeId: number, principal: Principal) {
      const now = new Date();
      const ids = await seenAndDelivered(userId, now, [noticeId]);
      const [found] = ids.length
        ? await db
            .select({ ...readerColumns, content: sysNotice.content })
            .from(sysNoticeReceiver)
            .innerJoin(sysNotice, eq(sysNotice.id, sysNoticeReceiver.noticeId))
            .where(copiesOf(userId, ids))
            .limit(1)
        : [];
      if (!found) throw errors.notFound('通知');
      const readTime = found.readTime ?? ((await markRead(userId, [noticeId], now)) ? now : null);
      const attachmentIds = found.attachmentIds;
      const stored = await files.details(attachmentIds.map(Number), principal);
      const { content, ...listed } = found;
      return {
        ...presentReader({ ...listed, readTime }),
        content,
        attachments: attachmentIds.map((id) => stored.find((f) => String(f.fileId) === id)).filter((f) => !!f),
      };
    },

    /** Marks the given notices, or all the user sees, read; answers how many changed. */
    async markRead(userId: number, input: { noticeIds?: number[]; all?: boolean }) {
      const now = new Date();
      if (input.all) return markRead(userId, await visibleIds(userId, now), now);
      const wanted = [...new Set(input.noticeIds ?? [])];
      const seen = await visibleIds(userId, now, wanted);
      if (seen.length !== wanted.length) throw errors.notFound('通知');
      return markRead(userId, seen, now);
    },

    async unreadCount(userId: number) {
      const now = new Date();
      return countUnread(userId, await visibleIds(userId, now));
    },

    /** Whether the user may read the notice now (its files follow it). */
    async canRead(userId: number, noticeId: number) {
      return (await visibleIds(userId, new Date(), [noticeId])).length > 0;
    },

    /** Released, current, public notices for the portal (/notification), newest first. */
    async publicPage(filter: { title?: string }, page: PageParameter) {
      const where = and(noticeLive(new Date()), eq(sysNotice.isPublic, true), filter.title ? ilike(sysNotice.title, likePattern(filter.title)) : undefined);
      return paginate(
        page,
        async (limit, offset) =>
          (await db.select(publicColumns).from(sysNotice).where(where).orderBy(desc(sysNotice.publishTime), desc(sysNotice.id)).limit(limit).offset(offset)).map((r) => ({
            ...r,
            publishTime: r.publishTime!,
          })),
        async () => (await db.select({ n: count() }).from(sysNotice).where(where))[0]!.n,
      );
    },

    /** One public notice with its attachments; its files are made public if they are not yet. */
    async publicDetail(noticeId: number) {
      const [row] = await db
        .select()
        .from(sysNotice)
        .where(and(noticeLive(new Date()), eq(sysNotice.isPublic, true), eq(sysNotice.id, noticeId)))
        .limit(1);
      if (!row) throw errors.notFound('通知');
      // A notice released with a later publish time kept its files private until now.
      await files.setRecordVisibility(db, { bizType: NOTICE_FILE_BIZ, bizId: String(row.id) }, 'PUBLIC');
      const stored = await files.details(row.attachmentIds.map(Number), null as unknown as Principal);
      return {
        noticeId: row.id,
        title: row.title,
        content: row.content,
        priority: row.priority,
        publishTime: row.publishTime!,
        expireTime: row.expireTime,
        releaseBy: row.releaseBy,
        attachments: row.attachmentIds
          .map((id) => stored.find((f) => String(f.fileId) === id))
          .filter((f) => !!f)
          .map((f) => ({ fileId: f.fileId, filename: f.filename, size: f.size, type: f.type, url: f.url })),
      };
    },
  };
}
export type NoticeInbox = ReturnType<typeof createNoticeInbox>;

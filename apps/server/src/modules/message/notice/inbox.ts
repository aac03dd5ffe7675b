import type { PageParameter } from '@dandelion/shared';
import type { NoticePriority } from '@dandelion/shared/message/notice';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import type { FileService, StoredFile } from '../../file/module';
import { NOTICE_FILE_BIZ } from './content';
import { inboxRepo, type InboxFilter } from './repo';

interface ReaderRow {
  noticeId: number;
  title: string;
  summary: string;
  priority: NoticePriority;
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

/** The stored files of `ids` the reader may see, in the notice's order. */
const inOrder = (ids: readonly string[], stored: StoredFile[]) => ids.map((id) => stored.find((f) => String(f.fileId) === id)).filter((f) => !!f);

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
    return inboxRepo.visibleIds(db, userId, now, among);
  }

  /**
   * The notices the user may see, each delivered to them if it was not yet: a user who joined the
   * audience after the release (a new account, a new role) finds it at once, without waiting for
   * an administrator's sync.
   */
  async function seenAndDelivered(userId: number, now: Date, among?: number[]): Promise<number[]> {
    const ids = await visibleIds(userId, now, among);
    if (ids.length) await inboxRepo.deliverMissing(db, userId, ids, now);
    return ids;
  }

  const countUnread = async (userId: number, ids: number[]) => (ids.length ? inboxRepo.countUnread(db, userId, ids) : 0);
  const markRead = async (userId: number, ids: number[], now: Date) => (ids.length ? inboxRepo.markRead(db, userId, ids, now) : 0);

  return {
    async page(userId: number, filter: InboxFilter, page: PageParameter) {
      const ids = await seenAndDelivered(userId, new Date());
      if (!ids.length) return { list: [], total: 0, pageNum: page.pageNum, pageSize: page.pageSize };
      const result = await inboxRepo.page(db, userId, ids, filter, page);
      return { ...result, list: result.list.map(presentReader) };
    },

    /** The newest unread notices and how many are unread (the header dropdown). */
    async header(userId: number, limit: number) {
      const ids = await seenAndDelivered(userId, new Date());
      if (!ids.length) return { list: [], total: 0 };
      const list = await inboxRepo.newestUnread(db, userId, ids, limit);
      return { list: list.map(presentReader), total: await countUnread(userId, ids) };
    },

    /** One notice as its reader sees it; opening it marks it read. */
    async open(userId: number, noticeId: number, principal: Principal) {
      const now = new Date();
      const ids = await seenAndDelivered(userId, now, [noticeId]);
      const found = ids.length ? await inboxRepo.openCopy(db, userId, noticeId) : undefined;
      if (!found) throw errors.notFound('通知');
      const readTime = found.readTime ?? ((await markRead(userId, [noticeId], now)) ? now : null);
      const { content, ...listed } = found;
      return {
        ...presentReader({ ...listed, readTime }),
        content,
        attachments: inOrder(found.attachmentIds, await files.details(found.attachmentIds.map(Number), principal)),
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
      return countUnread(userId, await visibleIds(userId, new Date()));
    },

    /** Whether the user may read the notice now (its files follow it). */
    async canRead(userId: number, noticeId: number) {
      return (await visibleIds(userId, new Date(), [noticeId])).length > 0;
    },

    /** Released, current, public notices for the portal (/notification), newest first. */
    async publicPage(filter: { title?: string }, page: PageParameter) {
      const result = await inboxRepo.publicPage(db, filter, page, new Date());
      return { ...result, list: result.list.map((r) => ({ ...r, publishTime: r.publishTime! })) };
    },

    /** One public notice with its attachments; its files are made public if they are not yet. */
    async publicDetail(noticeId: number) {
      const row = await inboxRepo.publicOne(db, noticeId, new Date());
      if (!row) throw errors.notFound('通知');
      // A notice released with a later publish time kept its files private until now.
      await files.setRecordVisibility(db, { bizType: NOTICE_FILE_BIZ, bizId: String(row.id) }, 'PUBLIC');
      return {
        noticeId: row.id,
        title: row.title,
        content: row.content,
        priority: row.priority,
        publishTime: row.publishTime!,
        expireTime: row.expireTime,
        releaseBy: row.releaseBy,
        attachments: inOrder(row.attachmentIds, await files.details(row.attachmentIds.map(Number), null)).map((f) => ({
          fileId: f.fileId,
          filename: f.filename,
          size: f.size,
          type: f.type,
          url: f.url,
        })),
      };
    },
  };
}
export type NoticeInbox = ReturnType<typeof createNoticeInbox>;

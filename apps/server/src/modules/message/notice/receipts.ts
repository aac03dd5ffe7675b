import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf, type SheetColumn } from '../../../core/excel';
import { paginate } from '../../../core/pagination';
import { notDeleted } from '../../../core/records';
import { sysOrg } from '../../system/org/schema';
import { sysUser } from '../../system/user/schema';
import { sysNotice, sysNoticeReceiver } from './schema';
import { likePattern } from '../../../core/sql';

export interface ReceiptFilter {
  /** 0 not read yet, 1 read. */
  readFlag?: 0 | 1;
  /** User name, real name or organisation. */
  keyword?: string;
}


const receiptColumns = {
  userId: sysUser.id,
  username: sysUser.username,
  realname: sysUser.realname,
  orgName: sysOrg.orgName,
  deliverTime: sysNoticeReceiver.deliverTime,
  readTime: sysNoticeReceiver.readTime,
};

type ReceiptRow = { userId: number; username: string; realname: string | null; orgName: string | null; deliverTime: Date; readTime: Date | null };
const presentReceipt = (row: ReceiptRow) => ({ ...row, readFlag: (row.readTime ? 1 : 0) as 0 | 1 });

const RECEIPT_COLUMNS: readonly SheetColumn<ReceiptRow>[] = [
  { header: '用户名', width: 18, value: (r) => r.username },
  { header: '姓名', width: 14, value: (r) => r.realname },
  { header: '所属机构', width: 26, value: (r) => r.orgName },
  { header: '阅读状态', width: 10, value: (r) => (r.readTime ? '已读' : '未读') },
  { header: '阅读时间', width: 20, value: (r) => beijingTime(r.readTime) },
  { header: '投递时间', width: 20, value: (r) => beijingTime(r.deliverTime) },
];

/**
 * Read receipts (issue 8): who of a notice's recipients has read it and who has not, counted, paged
 * and exported. Recipients are the notice's inbox copies of users that still exist.
 */
export function createReceiptService({ db }: { db: Executor }) {
  async function findNotice(id: number) {
    const [row] = await db.select().from(sysNotice).where(and(eq(sysNotice.id, id), notDeleted(sysNotice))).limit(1);
    if (!row) throw errors.notFound('通知');
    return row;
  }

  const whereOf = (noticeId: number, filter: ReceiptFilter): SQL =>
    and(
      eq(sysNoticeReceiver.noticeId, noticeId),
      notDeleted(sysUser),
      filter.readFlag === 1 ? isNotNull(sysNoticeReceiver.readTime) : filter.readFlag === 0 ? isNull(sysNoticeReceiver.readTime) : undefined,
      filter.keyword
        ? or(ilike(sysUser.username, likePattern(filter.keyword)), ilike(sysUser.realname, likePattern(filter.keyword)), ilike(sysOrg.orgName, likePattern(filter.keyword)))
        : undefined,
    )!;

  const rows = (where: SQL) =>
    db
      .select(receiptColumns)
      .from(sysNoticeReceiver)
      .innerJoin(sysUser, eq(sysUser.id, sysNoticeReceiver.userId))
      .leftJoin(sysOrg, eq(sysOrg.id, sysUser.orgId))
      .where(where)
      // Unread first (the people to chase), then the most recent readers.
      .orderBy(sql`${sysNoticeReceiver.readTime} is not null`, desc(sysNoticeReceiver.readTime), asc(sysUser.username));

  return {
    /** The notice and its counts: delivered, read, unread. */
    async summary(noticeId: number) {
      const notice = await findNotice(noticeId);
      const [counts] = await db
        .select({ delivered: count(), read: count(sysNoticeReceiver.readTime) })
        .from(sysNoticeReceiver)
        .innerJoin(sysUser, eq(sysUser.id, sysNoticeReceiver.userId))
        .where(and(eq(sysNoticeReceiver.noticeId, noticeId), notDeleted(sysUser)));
      const delivered = Number(counts?.delivered ?? 0);
      const read = Number(counts?.read ?? 0);
      return {
        noticeId: notice.id,
        title: notice.title,
        status: notice.status,
        publishTime: notice.publishTime,
        expireTime: notice.expireTime,
        deliveredCount: delivered,
        readCount: read,
        unreadCount: delivered - read,
      };
    },

    async page(noticeId: number, filter: ReceiptFilter, page: PageParameter) {
      await findNotice(noticeId);
      const where = whereOf(noticeId, filter);
      const result = await paginate(
        page,
        (limit, offset) => rows(where).limit(limit).offset(offset),
        async () =>
          (
            await db
              .select({ n: count() })
              .from(sysNoticeReceiver)
              .innerJoin(sysUser, eq(sysUser.id, sysNoticeReceiver.userId))
              .leftJoin(sysOrg, eq(sysOrg.id, sysUser.orgId))
              .where(where)
          )[0]!.n,
      );
      return { ...result, list: result.list.map(presentReceipt) };
    },

    /** The receipts as filtered, as an Excel workbook (at most MAX_EXPORT_ROWS rows). */
    async export(noticeId: number, filter: ReceiptFilter): Promise<{ title: string; file: Buffer }> {
      const notice = await findNotice(noticeId);
      const list = await rows(whereOf(noticeId, filter)).limit(MAX_EXPORT_ROWS);
      return { title: notice.title, file: await workbookOf('阅读情况', RECEIPT_COLUMNS, list) };
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;

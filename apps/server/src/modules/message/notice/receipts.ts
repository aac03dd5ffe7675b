import type { PageParameter } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf, type SheetColumn } from '../../../core/excel';
import { paginate } from '../../../core/pagination';
import { noticeRepo, receiptRepo, type ReceiptFilter, type ReceiptRow } from './repo';

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
 * Read receipts: who of a notice's recipients has read it and who has not, counted, paged and
 * exported. Recipients are the notice's inbox copies of users that still exist.
 */
export function createReceiptService({ db }: { db: Executor }) {
  async function findNotice(id: number) {
    const row = await noticeRepo.findLive(db, id);
    if (!row) throw errors.notFound('通知');
    return row;
  }

  return {
    /** The notice and its counts: delivered, read, unread. */
    async summary(noticeId: number) {
      const notice = await findNotice(noticeId);
      const { delivered, read } = await receiptRepo.counts(db, noticeId);
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
      const result = await paginate(
        page,
        (limit, offset) => receiptRepo.list(db, noticeId, filter, limit, offset),
        () => receiptRepo.count(db, noticeId, filter),
      );
      return { ...result, list: result.list.map(presentReceipt) };
    },

    /** The receipts as filtered, as an Excel workbook (at most MAX_EXPORT_ROWS rows). */
    async export(noticeId: number, filter: ReceiptFilter): Promise<{ title: string; file: Buffer }> {
      const notice = await findNotice(noticeId);
      const list = await receiptRepo.list(db, noticeId, filter, MAX_EXPORT_ROWS);
      return { title: notice.title, file: await workbookOf('阅读情况', RECEIPT_COLUMNS, list) };
    },
  };
}
export type ReceiptService = ReturnType<typeof createReceiptService>;

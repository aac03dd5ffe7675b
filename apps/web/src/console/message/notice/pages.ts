import { formPaths, type ConsolePage } from '../../pageTypes';

/** The notice pages by menu component key (spec §2). */
export const NOTICE_PAGES: Record<string, ConsolePage> = {
  'message/notice/noticeList': { paths: ['/message/notice/noticeList'], load: () => import('./NoticeListPage') },
  'message/notice/noticeForm': { paths: formPaths('/message/notice', 'notice'), load: () => import('./NoticeFormPage') },
  'message/notice/noticeReceipt': { paths: ['/message/notice/noticeReceipt'], load: () => import('./NoticeReceiptPage') },
};

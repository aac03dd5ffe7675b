/** Notices (spec §7 /rest/noticeService/*): the console's calls of the shared contract (`@dandelion/shared/message/notice`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { noticeCalls } from '@dandelion/shared/message/notice';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export { NOTICE_PERMISSIONS } from '@dandelion/shared/message/notice';

export const NOTICE_TABLE_KEY = 'message:notice';
export const RECEIPT_TABLE_KEY = 'message:notice:receipt';

export type Notice = CallData<typeof noticeCalls.add>;
export type NoticeListItem = CallData<typeof noticeCalls.page>['list'][number];
export type NoticeDetail = CallData<typeof noticeCalls.detail>;
/** A chosen role, organisation or user with its name. */
export type NamedOption = NoticeDetail['users'][number];
export type NoticeSearch = Omit<CallInput<typeof noticeCalls.page>, 'pageParameter'>;
/** What the form sends (addNotice / updateNotice). */
export type NoticeBody = CallInput<typeof noticeCalls.add>;
export type AudienceOptions = CallData<typeof noticeCalls.audienceOptions>;
export type ReceiptSummary = CallData<typeof noticeCalls.receiptSummary>;
export type Receipt = CallData<typeof noticeCalls.receiptPage>['list'][number];
export type ReceiptSearch = Omit<CallInput<typeof noticeCalls.receiptPage>, 'pageParameter' | 'noticeId'>;

export const fetchNoticePage = (query: PageQuery<NoticeSearch>, signal: AbortSignal) => call(noticeCalls.page, query, { signal });
export const fetchNotice = (noticeId: string, signal?: AbortSignal) => call(noticeCalls.detail, { noticeId }, { signal, silent: true });
export const addNotice = (body: NoticeBody) => call(noticeCalls.add, body, { silent: true });
export const updateNotice = (noticeId: string, lockVersion: number, body: NoticeBody) =>
  call(noticeCalls.update, { ...body, noticeId, lockVersion }, { silent: true });
export const updateNoticeStatus = (noticeId: string, lockVersion: number, status: 'RELEASED' | 'REVOKED') =>
  call(noticeCalls.updateStatus, { noticeId, lockVersion, status });
export const syncNotices = (ids: readonly string[]) => call(noticeCalls.sync, { ids: [...ids] });
export const deleteNotice = (noticeId: string, lockVersion: number) => call(noticeCalls.remove, { noticeId, lockVersion });
export const deleteNotices = (ids: readonly string[]) => call(noticeCalls.removeMany, { ids: [...ids] });
export const fetchAudienceOptions = (signal?: AbortSignal) => call(noticeCalls.audienceOptions, undefined, { signal });
export const searchAudienceUsers = (body: CallInput<typeof noticeCalls.searchAudienceUsers>, signal?: AbortSignal) =>
  call(noticeCalls.searchAudienceUsers, body, { signal, silent: true });
export const fetchReceiptSummary = (noticeId: string, signal?: AbortSignal) => call(noticeCalls.receiptSummary, { noticeId }, { signal, silent: true });
export const fetchReceiptPage = (query: PageQuery<ReceiptSearch & { noticeId: string }>, signal: AbortSignal) => call(noticeCalls.receiptPage, query, { signal });
export const exportReceipts = (body: ReceiptSearch & { noticeId: string }) => downloadByPost(noticeCalls.exportReceipts.path, body);

/** Notices (spec §7 /rest/noticeService/*); server: apps/server/src/modules/message/notice/. */
import type { Page } from '@dandelion/shared';
import type { NoticeAudience, NoticePriority, NoticeStatus } from '@dandelion/shared/message/notice';
import { postJson } from '../../../api/http';
import { downloadByPost } from '../../../api/download';
import type { UploadedFile } from '../../../api/upload';
import type { PageQuery } from '../../../components/PagedTable';

export { NOTICE_PERMISSIONS } from '@dandelion/shared/message/notice';

export const NOTICE_TABLE_KEY = 'message:notice';
export const RECEIPT_TABLE_KEY = 'message:notice:receipt';

export interface Notice {
  noticeId: string;
  title: string;
  summary: string;
  priority: NoticePriority;
  audienceType: NoticeAudience;
  includeSubOrgs: boolean;
  isPublic: boolean;
  publishTime: string | null;
  expireTime: string | null;
  status: NoticeStatus;
  releaseTime: string | null;
  releaseBy: string | null;
  revokeTime: string | null;
  revokeBy: string | null;
  attachmentIds: string[];
  createTime: string;
  createBy: string | null;
  updateTime: string;
  lockVersion: number;
}

export interface NoticeListItem extends Notice {
  audienceNames: string[];
  deliveredCount: number;
  readCount: number;
}

export interface NamedOption {
  value: string;
  label: string;
}

export interface NoticeDetail extends Notice {
  content: string;
  roleIds: string[];
  orgIds: string[];
  userIds: string[];
  roles: NamedOption[];
  orgs: NamedOption[];
  users: NamedOption[];
  attachments: UploadedFile[];
  deliveredCount: number;
  readCount: number;
}

export interface NoticeSearch {
  title?: string;
  status?: NoticeStatus;
  priority?: NoticePriority;
  beginTime?: string;
  endTime?: string;
}

/** What the form sends (addNotice / updateNotice). */
export interface NoticeBody {
  title: string;
  content: string;
  priority: NoticePriority;
  audienceType: NoticeAudience;
  roleIds: string[];
  orgIds: string[];
  userIds: string[];
  includeSubOrgs: boolean;
  isPublic: boolean;
  publishTime: string | null;
  expireTime: string | null;
  attachmentIds: string[];
  release: boolean;
}

export interface AudienceOptions {
  roles: { roleId: string; roleCode: string; roleName: string }[];
  orgs: { orgId: string; orgName: string; parentOrgId: string | null }[];
}

export interface DirectoryUser {
  userId: string;
  username: string;
  realname: string | null;
  orgName: string | null;
}

export interface ReceiptSummary {
  noticeId: string;
  title: string;
  status: NoticeStatus;
  publishTime: string | null;
  expireTime: string | null;
  deliveredCount: number;
  readCount: number;
  unreadCount: number;
}

export interface Receipt {
  userId: string;
  username: string;
  realname: string | null;
  orgName: string | null;
  deliverTime: string;
  readTime: string | null;
  readFlag: 0 | 1;
}

export interface ReceiptSearch {
  readFlag?: 0 | 1;
  keyword?: string;
}

export const fetchNoticePage = (query: PageQuery<NoticeSearch>, signal: AbortSignal) =>
  postJson<Page<NoticeListItem>>('/rest/noticeService/getNoticeByPage', query, { signal });
export const fetchNotice = (noticeId: string, signal?: AbortSignal) =>
  postJson<NoticeDetail>('/rest/noticeService/getNoticeById', { noticeId }, { signal, silent: true });
export const addNotice = (body: NoticeBody) => postJson<Notice>('/rest/noticeService/addNotice', body, { silent: true });
export const updateNotice = (noticeId: string, lockVersion: number, body: NoticeBody) =>
  postJson<Notice>('/rest/noticeService/updateNotice', { ...body, noticeId, lockVersion }, { silent: true });
export const updateNoticeStatus = (noticeId: string, lockVersion: number, status: 'RELEASED' | 'REVOKED') =>
  postJson<Notice>('/rest/noticeService/updateStatus', { noticeId, lockVersion, status });
export const syncNotices = (ids: readonly string[]) =>
  postJson<{ notices: number; delivered: number; withdrawn: number }>('/rest/noticeService/SyncNoticeByIds', { ids });
export const deleteNotice = (noticeId: string, lockVersion: number) => postJson<null>('/rest/noticeService/deleteNoticeById', { noticeId, lockVersion });
export const deleteNotices = (ids: readonly string[]) => postJson<{ deleted: number }>('/rest/noticeService/deleteNoticeByIds', { ids });
export const fetchAudienceOptions = (signal?: AbortSignal) => postJson<AudienceOptions>('/rest/noticeService/getAudienceOptions', {}, { signal });
export const searchAudienceUsers = (body: { keyword?: string; userIds?: string[] }, signal?: AbortSignal) =>
  postJson<DirectoryUser[]>('/rest/noticeService/searchAudienceUsers', body, { signal, silent: true });
export const fetchReceiptSummary = (noticeId: string, signal?: AbortSignal) =>
  postJson<ReceiptSummary>('/rest/noticeService/getReadReceiptSummary', { noticeId }, { signal, silent: true });
export const fetchReceiptPage = (query: PageQuery<ReceiptSearch & { noticeId: string }>, signal: AbortSignal) =>
  postJson<Page<Receipt>>('/rest/noticeService/getReadReceiptByPage', query, { signal });
export const exportReceipts = (body: ReceiptSearch & { noticeId: string }) => downloadByPost('/rest/noticeService/exportReadReceipt', body);

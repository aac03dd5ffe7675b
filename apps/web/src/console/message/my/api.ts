/** The signed-in user's own notices and in-site messages (spec §7 getNoticeByUserPage, /rest/msg/*). */
import type { Page } from '@dandelion/shared';
import type { NoticePriority } from '@dandelion/shared/message/notice';
import { postJson } from '../../../api/http';
import type { UploadedFile } from '../../../api/upload';
import type { PageQuery } from '../../../components/PagedTable';

/** The page every user's bell leads to (seeded as message/my/myMsgList). */
export const MY_MESSAGES_PATH = '/message/my/myMsgList';
export const MY_NOTICES_TABLE_KEY = 'message:my:notice';
export const MY_MSGS_TABLE_KEY = 'message:my:msg';

export interface MyNotice {
  noticeId: string;
  title: string;
  summary: string;
  priority: NoticePriority;
  publishTime: string;
  expireTime: string | null;
  releaseBy: string | null;
  attachmentCount: number;
  readFlag: 0 | 1;
  readTime: string | null;
}

export interface MyNoticeDetail extends MyNotice {
  content: string;
  attachments: UploadedFile[];
}

export interface MyMsg {
  msgId: string;
  title: string;
  content: string;
  category: string;
  link: string | null;
  readFlag: 0 | 1;
  readTime: string | null;
  createTime: string;
  createBy: string | null;
}

export interface HeaderNotice {
  notices: MyNotice[];
  noticeUnread: number;
  msgs: MyMsg[];
  msgUnread: number;
  unreadCount: number;
}

export interface MySearch {
  title?: string;
  readFlag?: 0 | 1;
}

export const fetchHeaderNotice = (signal?: AbortSignal) =>
  postJson<HeaderNotice>('/rest/noticeService/getHeaderNotice', { limit: 5 }, { signal, silent: true });
export const fetchMyNoticePage = (query: PageQuery<MySearch>, signal: AbortSignal) =>
  postJson<Page<MyNotice>>('/rest/noticeService/getNoticeByUserPage', query, { signal });
export const openMyNotice = (noticeId: string) => postJson<MyNoticeDetail>('/rest/noticeService/getMyNoticeById', { noticeId }, { silent: true });
export const markNoticesRead = (body: { noticeIds?: string[]; all?: boolean }) =>
  postJson<{ updated: number; unreadCount: number }>('/rest/noticeService/updateReadStatus', body);
export const fetchMyMsgPage = (query: PageQuery<MySearch & { category?: string }>, signal: AbortSignal) =>
  postJson<Page<MyMsg>>('/rest/msg/getMyMsgList', query, { signal });
export const openMyMsg = (msgId: string) => postJson<MyMsg>('/rest/msg/getMyMsgDetailById', { msgId }, { silent: true });
export const markMsgsRead = (body: { msgIds?: string[]; all?: boolean }) =>
  postJson<{ updated: number; unreadCount: number }>('/rest/msg/updateReadStatus', body);

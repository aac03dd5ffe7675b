/** The signed-in user's own notices and in-site messages (spec §7 getNoticeByUserPage, /rest/msg/*), from the shared contracts. */
import type { CallData, CallInput } from '@dandelion/shared';
import { msgCalls } from '@dandelion/shared/message/msg';
import { noticeInboxCalls } from '@dandelion/shared/message/notice';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

/** The page every user's bell leads to (seeded as message/my/myMsgList). */
export const MY_MESSAGES_PATH = '/message/my/myMsgList';
export const MY_NOTICES_TABLE_KEY = 'message:my:notice';
export const MY_MSGS_TABLE_KEY = 'message:my:msg';

export type MyNotice = CallData<typeof noticeInboxCalls.page>['list'][number];
export type MyNoticeDetail = CallData<typeof noticeInboxCalls.open>;
export type MyMsg = CallData<typeof msgCalls.detail>;
export type HeaderNotice = CallData<typeof noticeInboxCalls.header>;
export type MyNoticeSearch = Omit<CallInput<typeof noticeInboxCalls.page>, 'pageParameter'>;
export type MyMsgSearch = Omit<CallInput<typeof msgCalls.page>, 'pageParameter'>;

export const fetchHeaderNotice = (signal?: AbortSignal) => call(noticeInboxCalls.header, { limit: 5 }, { signal, silent: true });
export const fetchMyNoticePage = (query: PageQuery<MyNoticeSearch>, signal: AbortSignal) => call(noticeInboxCalls.page, query, { signal });
export const openMyNotice = (noticeId: string) => call(noticeInboxCalls.open, { noticeId }, { silent: true });
export const markNoticesRead = (body: CallInput<typeof noticeInboxCalls.markRead>) => call(noticeInboxCalls.markRead, body);
export const fetchMyMsgPage = (query: PageQuery<MyMsgSearch>, signal: AbortSignal) => call(msgCalls.page, query, { signal });
export const openMyMsg = (msgId: string) => call(msgCalls.detail, { msgId }, { silent: true });
export const markMsgsRead = (body: CallInput<typeof msgCalls.markRead>) => call(msgCalls.markRead, body);

/** Messaging's public notices as the portal shows them (/notification, the home page). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { noticeInboxCalls } from '@dandelion/shared/message/notice';
import { call } from '../api/call';
import { portalKeys } from './api';

/** A released public notice as the list shows it; `publishTime` is an ISO 8601 instant. */
export type PublicNotice = CallData<typeof noticeInboxCalls.publicPage>['list'][number];
/** One public notice: `content` is rich text. */
export type PublicNoticeDetail = CallData<typeof noticeInboxCalls.publicDetail>;

export const noticeKeys = {
  page: (pageNum: number, pageSize: number) => [...portalKeys.all, 'notices', pageNum, pageSize] as const,
  detail: (noticeId: string) => [...portalKeys.all, 'notice', noticeId] as const,
};

/** A page of released public notices, newest first. */
export function usePublicNotices(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: noticeKeys.page(pageNum, pageSize),
    queryFn: ({ signal }) => call(noticeInboxCalls.publicPage, { pageParameter: { pageNum, pageSize } }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePublicNotice(noticeId: string) {
  return useQuery({
    queryKey: noticeKeys.detail(noticeId),
    queryFn: ({ signal }) => call(noticeInboxCalls.publicDetail, { noticeId }, { signal, silent: true }),
  });
}

export const noticePath = (noticeId: string) => `/notificationDetail/${encodeURIComponent(noticeId)}`;

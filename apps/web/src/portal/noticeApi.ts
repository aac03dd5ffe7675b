/** Messaging's public notices as the portal shows them (/notification, the home page). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '@dandelion/shared';
import { postJson } from '../api/http';
import { portalKeys } from './api';
import type { ContentAttachment } from './contentApi';

export interface PublicNotice {
  noticeId: string;
  title: string;
  summary: string;
  priority: string;
  /** ISO 8601 instant. */
  publishTime: string;
}

export interface PublicNoticeDetail {
  noticeId: string;
  title: string;
  /** Rich text. */
  content: string;
  priority: string;
  publishTime: string;
  expireTime: string | null;
  releaseBy: string | null;
  attachments: Array<ContentAttachment & { type: string }>;
}

export const noticeKeys = {
  page: (pageNum: number, pageSize: number) => [...portalKeys.all, 'notices', pageNum, pageSize] as const,
  detail: (noticeId: string) => [...portalKeys.all, 'notice', noticeId] as const,
};

/** A page of released public notices, newest first. */
export function usePublicNotices(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: noticeKeys.page(pageNum, pageSize),
    queryFn: ({ signal }) =>
      postJson<Page<PublicNotice>>(
        '/rest/noticeService/getPublicNoticeByPage',
        { pageParameter: { pageNum, pageSize } },
        { signal, silent: true },
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePublicNotice(noticeId: string) {
  return useQuery({
    queryKey: noticeKeys.detail(noticeId),
    queryFn: ({ signal }) =>
      postJson<PublicNoticeDetail>('/rest/noticeService/getPublicNoticeById', { noticeId }, { signal, silent: true }),
  });
}

export const noticePath = (noticeId: string) => `/notificationDetail/${encodeURIComponent(noticeId)}`;

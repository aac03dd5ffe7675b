/**
 * The portal's prize pages (/apply, /fund, /national, /show): guides of the open editions, the public
 * funds and plan projects, the awarded achievements, and the 有意向合作 form. All portal-envelope calls.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@dandelion/shared';
import { achievementCalls, guideCalls, purchaseCalls } from '@dandelion/shared/award/achievement';
import { PUBLIC_LOOKUP_CALLS } from '@dandelion/shared/award/lookup';
import { call } from '../../api/call';
import { portalKeys } from '../api';

export type Guide = CallData<typeof guideCalls.page>['list'][number];
export type GuideDetail = CallData<typeof guideCalls.detail>;
export type Achievement = CallData<typeof achievementCalls.page>['list'][number];
export type AchievementDetail = CallData<typeof achievementCalls.detail>;
export type PublicLookupKind = keyof typeof PUBLIC_LOOKUP_CALLS;
export type PublicLookup = CallData<(typeof PUBLIC_LOOKUP_CALLS)['FUND']['detail']>;
export type LookupLevel = PublicLookup['level'];
export type AchievementFilter = { keyword?: string };
export type PurchaseInput = CallInput<typeof purchaseCalls.add>;

export const prizeKeys = {
  guides: (pageNum: number, pageSize: number) => [...portalKeys.all, 'guides', pageNum, pageSize] as const,
  guide: (editionId: string) => [...portalKeys.all, 'guide', editionId] as const,
  lookups: (kind: PublicLookupKind, filter: { keyword?: string; level?: LookupLevel }, pageNum: number, pageSize: number) =>
    [...portalKeys.all, 'lookups', kind, filter, pageNum, pageSize] as const,
  lookup: (kind: PublicLookupKind, id: string) => [...portalKeys.all, 'lookup', kind, id] as const,
  achievements: (filter: AchievementFilter, pageNum: number, pageSize: number) => [...portalKeys.all, 'achievements', filter, pageNum, pageSize] as const,
  achievement: (id: string) => [...portalKeys.all, 'achievement', id] as const,
};

export function useGuides(pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: prizeKeys.guides(pageNum, pageSize),
    queryFn: ({ signal }) => call(guideCalls.page, { pageParameter: { pageNum, pageSize } }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useGuide(editionId: string) {
  return useQuery({
    queryKey: prizeKeys.guide(editionId),
    queryFn: ({ signal }) => call(guideCalls.detail, { editionId }, { signal, silent: true }),
  });
}

export function usePublicLookups(kind: PublicLookupKind, filter: { keyword?: string; level?: LookupLevel }, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: prizeKeys.lookups(kind, filter, pageNum, pageSize),
    queryFn: ({ signal }) => call(PUBLIC_LOOKUP_CALLS[kind].page, { pageParameter: { pageNum, pageSize }, ...filter }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePublicLookup(kind: PublicLookupKind, id: string) {
  return useQuery({
    queryKey: prizeKeys.lookup(kind, id),
    queryFn: ({ signal }) => call(PUBLIC_LOOKUP_CALLS[kind].detail, { id }, { signal, silent: true }),
  });
}

export function useAchievements(filter: AchievementFilter, pageNum: number, pageSize: number) {
  return useQuery({
    queryKey: prizeKeys.achievements(filter, pageNum, pageSize),
    queryFn: ({ signal }) => call(achievementCalls.page, { pageParameter: { pageNum, pageSize }, ...filter }, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useAchievement(id: string) {
  return useQuery({
    queryKey: prizeKeys.achievement(id),
    queryFn: ({ signal }) => call(achievementCalls.detail, { achievementId: id }, { signal, silent: true }),
  });
}

/** Sends a purchase intention; the form shows refusals itself (wrong captcha, too many submissions). */
export function addPurchase(input: PurchaseInput): Promise<CallData<typeof purchaseCalls.add>> {
  return call(purchaseCalls.add, input, { silent: true });
}

export const guidePath = (editionId: string) => `/applyDetail/${encodeURIComponent(editionId)}`;
export const achievementPath = (id: string) => `/showDetail/${encodeURIComponent(id)}`;
export const LOOKUP_PAGES: Readonly<Record<PublicLookupKind, { title: string; list: string; detail: (id: string) => string; catalogCode: string; what: string }>> = {
  FUND: { title: '基金项目', list: '/fund', detail: (id) => `/fundDetail/${encodeURIComponent(id)}`, catalogCode: 'fund', what: '基金项目' },
  PROJECT: { title: '国家/省级计划项目', list: '/national', detail: (id) => `/nationalDetail/${encodeURIComponent(id)}`, catalogCode: 'national', what: '计划项目' },
};

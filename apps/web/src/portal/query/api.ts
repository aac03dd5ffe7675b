/** The portal's publicity and award-result reads (/query, /queryDetail/{id}) and the applicant's own results. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@dandelion/shared';
import { portalPublicityCalls } from '@dandelion/shared/award/publicity';
import { call } from '../../api/call';
import { useSessionStore } from '../../api/session';
import { portalKeys } from '../api';

export type PortalPublicity = CallData<typeof portalPublicityCalls.page>['list'][number];
export type PortalPublicityDetail = CallData<typeof portalPublicityCalls.detail>;
export type PortalPublicityEntry = PortalPublicityDetail['entries'][number];
export type AwardResult = CallData<typeof portalPublicityCalls.awardResults>['list'][number];
export type MyResult = CallData<typeof portalPublicityCalls.myResults>[number];
export type QueryFilter = { editionId?: string; prizeId?: string; keyword?: string };

export const queryKeys = {
  publicities: (input: CallInput<typeof portalPublicityCalls.page>) => [...portalKeys.all, 'publicities', input] as const,
  publicity: (id: string) => [...portalKeys.all, 'publicity', id] as const,
  results: (input: CallInput<typeof portalPublicityCalls.awardResults>) => [...portalKeys.all, 'award-results', input] as const,
  filters: () => [...portalKeys.all, 'query-filters'] as const,
  mine: () => [...portalKeys.all, 'my-results'] as const,
};

export const queryDetailPath = (publicityId: string) => `/queryDetail/${encodeURIComponent(publicityId)}`;

export function usePublicities(filter: QueryFilter & { kind?: 'ACCEPTANCE' | 'RESULT' }, pageNum: number, pageSize: number) {
  const input = { pageParameter: { pageNum, pageSize }, ...filter };
  return useQuery({
    queryKey: queryKeys.publicities(input),
    queryFn: ({ signal }) => call(portalPublicityCalls.page, input, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useAwardResults(filter: QueryFilter, pageNum: number, pageSize: number) {
  const input = { pageParameter: { pageNum, pageSize }, ...filter };
  return useQuery({
    queryKey: queryKeys.results(input),
    queryFn: ({ signal }) => call(portalPublicityCalls.awardResults, input, { signal, silent: true }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useQueryFilters() {
  return useQuery({ queryKey: queryKeys.filters(), queryFn: ({ signal }) => call(portalPublicityCalls.filters, {}, { signal, silent: true }), staleTime: 5 * 60_000 });
}

export function usePublicity(publicityId: string) {
  return useQuery({ queryKey: queryKeys.publicity(publicityId), queryFn: ({ signal }) => call(portalPublicityCalls.detail, { publicityId }, { signal, silent: true }) });
}

/** The signed-in applicant's results; asked only with a session. */
export function useMyResults() {
  const signedIn = useSessionStore((s) => !!s.session);
  return useQuery({ queryKey: queryKeys.mine(), queryFn: ({ signal }) => call(portalPublicityCalls.myResults, {}, { signal, silent: true }), enabled: signedIn });
}

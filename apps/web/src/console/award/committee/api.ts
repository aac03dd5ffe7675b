/** The committee (评审委员会): the console's calls of the shared contract (`@dandelion/shared/award/committee`). */
import { useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@dandelion/shared';
import { committeeCalls, committeeVoteCalls } from '@dandelion/shared/award/committee';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export type SittingRow = CallData<typeof committeeCalls.page>['list'][number];
export type SittingDetail = CallData<typeof committeeCalls.detail>;
export type SittingItem = SittingDetail['items'][number];
export type SittingResults = CallData<typeof committeeCalls.results>;
export type ResultRow = SittingResults['rows'][number];
export type SittingSearch = Omit<CallInput<typeof committeeCalls.page>, 'pageParameter'>;
export type SittingValues = CallInput<typeof committeeCalls.add>;
export type DefaultsValues = CallInput<typeof committeeCalls.saveDefaults>;
export type MySittingRow = CallData<typeof committeeVoteCalls.mine>['list'][number];
export type MySitting = CallData<typeof committeeVoteCalls.sitting>;
export type MyItem = MySitting['items'][number];
export type VoteValues = Omit<CallInput<typeof committeeVoteCalls.vote>, 'sittingId' | 'declarationId'>;

export const SITTING_TABLE_KEY = 'award:committee';
export const MY_SITTING_TABLE_KEY = 'award:committeeVote';

export const committeeKeys = {
  detail: (id: string) => ['committee-sitting', id] as const,
  results: (id: string) => ['committee-sitting', id, 'results'] as const,
  mine: (id: string) => ['committee-my-sitting', id] as const,
  candidates: ['committee-candidates'] as const,
  defaults: ['committee-defaults'] as const,
};

export const committeeApi = {
  page: (query: PageQuery<SittingSearch>, signal: AbortSignal) => call(committeeCalls.page, query, { signal }),
  add: (values: SittingValues) => call(committeeCalls.add, values, { silent: true }),
  update: (sittingId: string, lockVersion: number, values: Omit<SittingValues, 'editionId' | 'prizeId'>) =>
    call(committeeCalls.update, { ...values, sittingId, lockVersion }, { silent: true }),
  remove: (sittingId: string, lockVersion: number) => call(committeeCalls.del, { sittingId, lockVersion }),
  addDeclarations: (sittingId: string) => call(committeeCalls.addDeclarations, { sittingId }),
  setProposedGrade: (sittingId: string, declarationId: string, grade: PrizeGrade) => call(committeeCalls.setProposedGrade, { sittingId, declarationId, grade }),
  open: (sittingId: string) => call(committeeCalls.open, { sittingId }),
  close: (sittingId: string) => call(committeeCalls.close, { sittingId }),
  saveDefaults: (values: DefaultsValues) => call(committeeCalls.saveDefaults, values, { silent: true }),
  exportVotes: (sittingId: string) => downloadByPost(committeeCalls.exportVotes.path, { sittingId }),
  exportResults: (sittingId: string) => downloadByPost(committeeCalls.exportResults.path, { sittingId }),
  mine: (query: PageQuery<Record<string, never>>, signal: AbortSignal) => call(committeeVoteCalls.mine, query, { signal }),
  vote: (sittingId: string, declarationId: string, values: VoteValues) => call(committeeVoteCalls.vote, { ...values, sittingId, declarationId }, { silent: true }),
};

export function useSitting(id: string | null) {
  return useQuery({
    queryKey: committeeKeys.detail(id ?? ''),
    queryFn: ({ signal }) => call(committeeCalls.detail, { sittingId: id! }, { signal, silent: true }),
    enabled: !!id,
  });
}

export function useSittingResults(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: committeeKeys.results(id ?? ''),
    queryFn: ({ signal }) => call(committeeCalls.results, { sittingId: id! }, { signal, silent: true }),
    enabled: !!id && enabled,
  });
}

export function useMySitting(id: string | null) {
  return useQuery({
    queryKey: committeeKeys.mine(id ?? ''),
    queryFn: ({ signal }) => call(committeeVoteCalls.sitting, { sittingId: id! }, { signal, silent: true }),
    enabled: !!id,
  });
}

export function useMemberCandidates(enabled: boolean) {
  return useQuery({
    queryKey: committeeKeys.candidates,
    queryFn: ({ signal }) => call(committeeCalls.candidates, {}, { signal, silent: true }),
    enabled,
    staleTime: 30_000,
  });
}

export function useCommitteeDefaults(enabled: boolean) {
  return useQuery({
    queryKey: committeeKeys.defaults,
    queryFn: ({ signal }) => call(committeeCalls.getDefaults, {}, { signal, silent: true }),
    enabled,
  });
}

/** Blind scoring (the expert's score page) and the review result (the prize office's page). */
import { useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@dandelion/shared';
import { expertReviewCalls, reviewResultCalls } from '@dandelion/shared/award/scoring';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';

export type MyReview = CallData<typeof expertReviewCalls.getMyReview>;
export type PeerScores = CallData<typeof expertReviewCalls.getPeerScores>;
export type GroupResult = CallData<typeof reviewResultCalls.getGroupResult>;
export type ResultRow = GroupResult['rows'][number];
export type ResultReview = ResultRow['reviews'][number];
export type ReviewSettingsValues = CallInput<typeof reviewResultCalls.saveSettings>;
export type ReviewInput = Omit<CallInput<typeof expertReviewCalls.save>, 'assignmentId' | 'lockVersion'>;

export const scoringKeys = {
  review: (assignmentId: string) => ['expert-review', assignmentId] as const,
  declaration: (assignmentId: string) => ['expert-review', assignmentId, 'declaration'] as const,
  peers: (assignmentId: string) => ['expert-review', assignmentId, 'peers'] as const,
  groups: (editionId?: string, prizeId?: string) => ['review-result-groups', editionId ?? '', prizeId ?? ''] as const,
  result: (groupId: string) => ['review-result', groupId] as const,
};

export const scoringApi = {
  save: (assignmentId: string, lockVersion: number, input: ReviewInput) => call(expertReviewCalls.save, { assignmentId, lockVersion, ...input }, { silent: true }),
  submit: (assignmentId: string, lockVersion: number, input: ReviewInput) => call(expertReviewCalls.submit, { assignmentId, lockVersion, ...input }, { silent: true }),
  reopen: (assignmentId: string, reason: string) => call(reviewResultCalls.reopen, { assignmentId, reason }, { silent: true }),
  decide: (input: CallInput<typeof reviewResultCalls.decide>) => call(reviewResultCalls.decide, input, { silent: true }),
  saveSettings: (values: ReviewSettingsValues) => call(reviewResultCalls.saveSettings, values, { silent: true }),
  export: (groupId: string) => downloadByPost(reviewResultCalls.export.path, { groupId }),
};

export function useMyReview(assignmentId: string | null) {
  return useQuery({
    queryKey: scoringKeys.review(assignmentId ?? ''),
    queryFn: ({ signal }) => call(expertReviewCalls.getMyReview, { assignmentId: assignmentId! }, { signal, silent: true }),
    enabled: !!assignmentId,
  });
}

export function useReviewedDeclaration(assignmentId: string | null) {
  return useQuery({
    queryKey: scoringKeys.declaration(assignmentId ?? ''),
    queryFn: ({ signal }) => call(expertReviewCalls.getDeclaration, { assignmentId: assignmentId! }, { signal, silent: true }),
    enabled: !!assignmentId,
  });
}

/** The peers' scores: asked for only once the caller's own review is submitted. */
export function usePeerScores(assignmentId: string, submitted: boolean) {
  return useQuery({
    queryKey: scoringKeys.peers(assignmentId),
    queryFn: ({ signal }) => call(expertReviewCalls.getPeerScores, { assignmentId }, { signal, silent: true }),
    enabled: submitted,
  });
}

export function useResultGroups(editionId: string | undefined, prizeId: string | undefined) {
  return useQuery({
    queryKey: scoringKeys.groups(editionId, prizeId),
    queryFn: ({ signal }) => call(reviewResultCalls.groups, { editionId, prizeId }, { signal, silent: true }),
  });
}

export function useGroupResult(groupId: string | undefined) {
  return useQuery({
    queryKey: scoringKeys.result(groupId ?? ''),
    queryFn: ({ signal }) => call(reviewResultCalls.getGroupResult, { groupId: groupId! }, { signal, silent: true }),
    enabled: !!groupId,
  });
}

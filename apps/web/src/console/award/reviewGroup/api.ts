/** Review groups and the office's side of expert assignment: the console's calls of the shared contracts. */
import type { CallData, CallInput } from '@dandelion/shared';
import { expertPushCalls } from '@dandelion/shared/award/expertPush';
import { reviewGroupCalls } from '@dandelion/shared/award/reviewGroup';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type ReviewGroup = CallData<typeof reviewGroupCalls.detail>;
export type ReviewGroupFormValues = CallInput<typeof reviewGroupCalls.add>;
export type ReviewGroupSearch = Omit<CallInput<typeof reviewGroupCalls.page>, 'pageParameter'>;
export type GroupMembers = CallData<typeof reviewGroupCalls.members>;
export type GroupExpert = GroupMembers['experts'][number];
export type GroupDeclaration = GroupMembers['declarations'][number];
export type Proposal = CallData<typeof expertPushCalls.getProposal>;
export type ProposalDeclaration = Proposal['declarations'][number];
export type ProposedExpert = ProposalDeclaration['experts'][number];
export type ExcludedPair = CallData<typeof expertPushCalls.getExcluded>['list'][number];
export type AssignmentChange = CallData<typeof expertPushCalls.getChanges>['list'][number];
export type ChangeInput = CallInput<typeof expertPushCalls.change>;

export const REVIEW_GROUP_TABLE_KEY = 'award:reviewGroup';

export const reviewGroupApi = {
  page: (query: PageQuery<ReviewGroupSearch>, signal: AbortSignal) => call(reviewGroupCalls.page, query, { signal }),
  detail: (groupId: string, signal?: AbortSignal) => call(reviewGroupCalls.detail, { groupId }, { signal, silent: true }),
  add: (values: ReviewGroupFormValues) => call(reviewGroupCalls.add, values, { silent: true }),
  update: (groupId: string, lockVersion: number, values: ReviewGroupFormValues) => call(reviewGroupCalls.update, { ...values, groupId, lockVersion }, { silent: true }),
  remove: (groupId: string, lockVersion: number) => call(reviewGroupCalls.remove, { groupId, lockVersion }),
  members: (groupId: string, signal?: AbortSignal) => call(reviewGroupCalls.members, { groupId }, { signal }),
  candidateDeclarations: (groupId: string, disciplinePrefixes?: string[], signal?: AbortSignal) => call(reviewGroupCalls.candidateDeclarations, { groupId, disciplinePrefixes }, { signal }),
  setDeclarations: (groupId: string, input: { declarationIds?: string[]; byDisciplines?: boolean }) => call(reviewGroupCalls.setDeclarations, { groupId, ...input }),
  candidateExperts: (groupId: string, filter: { disciplinePrefixes?: string[]; keyword?: string }, signal?: AbortSignal) => call(reviewGroupCalls.candidateExperts, { groupId, ...filter }, { signal }),
  setExperts: (groupId: string, experts: Array<{ expertId: string; maxLoad?: number | null }>, leaderExpertId: string | null) => call(reviewGroupCalls.setExperts, { groupId, experts, leaderExpertId }),
};

export const expertPushApi = {
  proposal: (groupId: string, signal?: AbortSignal) => call(expertPushCalls.getProposal, { groupId }, { signal }),
  propose: (groupId: string, seed?: number) => call(expertPushCalls.propose, { groupId, seed }),
  excluded: (groupId: string, pageNum: number, pageSize: number, signal?: AbortSignal) => call(expertPushCalls.getExcluded, { groupId, pageParameter: { pageNum, pageSize } }, { signal }),
  change: (input: ChangeInput) => call(expertPushCalls.change, input, { silent: true }),
  push: (groupId: string) => call(expertPushCalls.push, { groupId }),
  changes: (groupId: string, pageNum: number, pageSize: number, signal?: AbortSignal) => call(expertPushCalls.getChanges, { groupId, pageParameter: { pageNum, pageSize } }, { signal }),
};

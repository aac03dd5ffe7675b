/**
 * The applicant's declaration calls (contracts in `@dandelion/shared/award/declaration`), their types
 * and query keys. Screens show the server's answers as they come: what a row allows is its `actions`.
 */
import { useQuery } from '@tanstack/react-query';
import type { CallData, CallInput } from '@dandelion/shared';
import { declareCalls } from '@dandelion/shared/award/declaration';
import { revocationCalls } from '@dandelion/shared/award/declarationReview';
import { openPrizeCalls } from '@dandelion/shared/award/edition';
import { collectionCalls, LOOKUP_CALLS, type LookupKind } from '@dandelion/shared/award/lookup';
import { DECLARATION_SECTIONS, type DeclarationSection } from '@dandelion/shared/award/prize';
import { call } from '../../api/call';

export type OpenPrize = CallData<typeof openPrizeCalls.list>[number];
export type Declaration = CallData<typeof declareCalls.detail>;
export type DeclarationRow = CallData<typeof declareCalls.mine>['list'][number];
export type DeclarationProblem = CallData<typeof declareCalls.check>['problems'][number];
export type HistoryStep = CallData<typeof declareCalls.history>[number];
export type SectionSaveInput = CallInput<typeof declareCalls.saveSection>;
export type LookupRow = CallData<typeof LOOKUP_CALLS.FUND.page>['list'][number];
export type MineQuery = CallInput<typeof declareCalls.mine>;

export const declareKeys = {
  all: ['portal', 'declare'] as const,
  openPrizes: () => [...declareKeys.all, 'open-prizes'] as const,
  detail: (declarationId: string) => [...declareKeys.all, 'detail', declarationId] as const,
  mine: (query: MineQuery) => [...declareKeys.all, 'mine', query] as const,
  history: (declarationId: string) => [...declareKeys.all, 'history', declarationId] as const,
  orgOptions: (kind: 'UNIT' | 'NOMINATOR', keyword: string) => [...declareKeys.all, 'org-options', kind, keyword] as const,
  lookups: (kind: LookupKind, keyword: string, pageNum: number) => [...declareKeys.all, 'lookups', kind, keyword, pageNum] as const,
};

export const declareApi = {
  openPrizes: (signal?: AbortSignal) => call(openPrizeCalls.list, {}, { signal, silent: true }),
  /** Silent: the caller tells a 409 (a declaration for this prize exists) from other failures. */
  add: (editionId: string, prizeId: string) => call(declareCalls.add, { editionId, prizeId }, { silent: true }),
  detail: (declarationId: string, signal?: AbortSignal) => call(declareCalls.detail, { declarationId }, { signal, silent: true }),
  mine: (query: MineQuery, signal?: AbortSignal) => call(declareCalls.mine, query, { signal }),
  /** /declare asks quietly: a signed-in user who is no applicant simply sees 开始申报. */
  mineQuietly: (signal?: AbortSignal) => call(declareCalls.mine, { pageParameter: { pageNum: 1, pageSize: 100 } }, { signal, silent: true }),
  /** Silent: a stale save (409) and a refused field (400) are shown in the form itself. */
  saveSection: (input: SectionSaveInput) => call(declareCalls.saveSection, input, { silent: true }),
  remove: (declarationId: string, lockVersion: number) => call(declareCalls.remove, { declarationId, lockVersion }),
  check: (declarationId: string) => call(declareCalls.check, { declarationId }),
  /** Silent: a 400 carries the problems, which the form lists. */
  submit: (declarationId: string, lockVersion: number) => call(declareCalls.submit, { declarationId, lockVersion }, { silent: true }),
  history: (declarationId: string, signal?: AbortSignal) => call(declareCalls.history, { declarationId }, { signal }),
  orgOptions: (kind: 'UNIT' | 'NOMINATOR', keyword: string, signal?: AbortSignal) =>
    call(declareCalls.orgOptions, keyword ? { kind, keyword } : { kind }, { signal }),
  revoke: (declarationId: string, reason: string) => call(revocationCalls.submit, { declarationId, reason }, { silent: true }),
  lookups: (kind: LookupKind, keyword: string, pageNum: number, signal?: AbortSignal) =>
    call(LOOKUP_CALLS[kind].page, { pageParameter: { pageNum, pageSize: 10 }, ...(keyword ? { keyword } : {}) }, { signal }),
  collect: (kind: LookupKind, id: string, collected: boolean) => call(collectionCalls.update, { kind, id, collected }),
};

export function useOpenPrizes() {
  return useQuery({ queryKey: declareKeys.openPrizes(), queryFn: ({ signal }) => declareApi.openPrizes(signal) });
}

export function useDeclaration(declarationId: string) {
  return useQuery({ queryKey: declareKeys.detail(declarationId), queryFn: ({ signal }) => declareApi.detail(declarationId, signal), retry: false });
}

/** Beijing's date today, 'YYYY-MM-DD'. */
export function beijingToday(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** Whole days from Beijing's today to an inclusive end date (0: the last day is today). */
export function daysLeft(endDate: string, now: Date = new Date()): number {
  const today = Date.parse(`${beijingToday(now)}T00:00:00Z`);
  const end = Date.parse(`${endDate}T00:00:00Z`);
  return Math.round((end - today) / 86_400_000);
}

/** The prize's sections in the declaration's own order (基本情况 first), whatever order the office ticked them in. */
export function sectionsOf(declaration: Pick<Declaration, 'formConfig'>): DeclarationSection[] {
  const chosen = new Set<DeclarationSection>(declaration.formConfig.sections);
  chosen.add('BASIC');
  return DECLARATION_SECTIONS.filter((s) => chosen.has(s));
}

/** The three review queues (单位审核, 提名审核, 形式审查): one list and one decision drawer, parametrised by level. */
import type { CallData, CallInput } from '@dandelion/shared';
import { FORMAL_REVIEW_PERMISSIONS, NOMINATION_PERMISSIONS, UNIT_REVIEW_PERMISSIONS, type DeclarationAction } from '@dandelion/shared/award/declaration';
import { formalReviewCalls, levelReviewCalls } from '@dandelion/shared/award/declarationReview';
import { editionCalls } from '@dandelion/shared/award/edition';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type ReviewLevel = 'unit' | 'nomination' | 'formal';
export type QueueRow = CallData<typeof levelReviewCalls.unitPage>['list'][number];
export type QueueSearch = Omit<CallInput<typeof levelReviewCalls.unitPage>, 'pageParameter'>;
export type LevelDecision = 'APPROVE' | 'RETURN';
export type FormalAudit = Omit<CallInput<typeof formalReviewCalls.audit>, 'declarationId' | 'lockVersion'>;

export interface LevelConfig {
  title: string;
  /** The list permission (the menu entry) and the decision's permission. */
  listPermission: string;
  decidePermission: string;
  /** The action the server lists on a row this caller may decide now. */
  action: DeclarationAction;
  tableKey: string;
  page: (query: PageQuery<QueueSearch>, signal: AbortSignal) => Promise<CallData<typeof levelReviewCalls.unitPage>>;
  /** What 空 says when nothing waits. */
  emptyHint: string;
}

export const LEVELS: Readonly<Record<ReviewLevel, LevelConfig>> = {
  unit: {
    title: '单位审核',
    listPermission: UNIT_REVIEW_PERMISSIONS.list,
    decidePermission: UNIT_REVIEW_PERMISSIONS.approve,
    action: 'UNIT_REVIEW',
    tableKey: 'award:unitReview',
    page: (query, signal) => call(levelReviewCalls.unitPage, query, { signal }),
    emptyHint: '本单位（含下级机构）的申报人提交申报后，申报书会出现在这里等待审核。',
  },
  nomination: {
    title: '提名审核',
    listPermission: NOMINATION_PERMISSIONS.list,
    decidePermission: NOMINATION_PERMISSIONS.approve,
    action: 'NOMINATE',
    tableKey: 'award:nomination',
    page: (query, signal) => call(levelReviewCalls.nominationPage, query, { signal }),
    emptyHint: '完成单位审核通过并提名到本机构的申报书会出现在这里。',
  },
  formal: {
    title: '形式审查',
    listPermission: FORMAL_REVIEW_PERMISSIONS.list,
    decidePermission: FORMAL_REVIEW_PERMISSIONS.audit,
    action: 'FORMAL_REVIEW',
    tableKey: 'award:formalReview',
    page: (query, signal) => call(formalReviewCalls.page, query, { signal }),
    emptyHint: '通过单位与提名单位审核的申报书会出现在这里等待形式审查；限期修改后重新提交的标明“已修改”。',
  },
};

export const reviewApi = {
  decideLevel: (level: 'unit' | 'nomination', declarationId: string, lockVersion: number, decision: LevelDecision, opinion: string | undefined) =>
    call(level === 'unit' ? levelReviewCalls.unitReview : levelReviewCalls.nominate, { declarationId, lockVersion, decision, opinion: opinion || undefined }, { silent: true }),
  audit: (declarationId: string, lockVersion: number, values: FormalAudit) => call(formalReviewCalls.audit, { declarationId, lockVersion, ...values }, { silent: true }),
  changes: (declarationId: string, signal?: AbortSignal) => call(formalReviewCalls.changes, { declarationId }, { signal, silent: true }),
  /** The edition's 限期修改 default, for the hint; reviewers without the edition permission go without it. */
  editionFixDays: async (editionId: string, signal?: AbortSignal) => (await call(editionCalls.detail, { editionId }, { signal, silent: true })).fixDeadlineWorkingDays,
};

/** 我的评审任务: the expert's calls of the shared contract (`@dandelion/shared/award/expertPush`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { expertPushCalls } from '@dandelion/shared/award/expertPush';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type ExpertTask = CallData<typeof expertPushCalls.myTasks>['list'][number];
export type ExpertTaskSearch = Omit<CallInput<typeof expertPushCalls.myTasks>, 'pageParameter'>;
export type DeclineValues = Omit<CallInput<typeof expertPushCalls.decline>, 'assignmentId'>;

export const EXPERT_TASK_TABLE_KEY = 'award:expertTask';

export const expertTaskApi = {
  page: (query: PageQuery<ExpertTaskSearch>, signal: AbortSignal) => call(expertPushCalls.myTasks, query, { signal }),
  accept: (assignmentId: string) => call(expertPushCalls.accept, { assignmentId, noConflict: true }, { silent: true }),
  decline: (assignmentId: string, values: DeclineValues) => call(expertPushCalls.decline, { assignmentId, ...values }, { silent: true }),
  declareConflict: (assignmentId: string, note: string) => call(expertPushCalls.declareConflict, { assignmentId, note }, { silent: true }),
};

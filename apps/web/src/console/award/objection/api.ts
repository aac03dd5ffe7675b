/** 异议处理: the console's calls of the shared contract (`@dandelion/shared/award/objection`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { objectionCalls } from '@dandelion/shared/award/objection';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type ObjectionRow = CallData<typeof objectionCalls.page>['list'][number];
export type ObjectionDetail = CallData<typeof objectionCalls.detail>;
/** The search form's values: 是否逾期 is a select of YES / NO (select options are text), sent as a boolean. */
export type ObjectionSearch = Omit<CallInput<typeof objectionCalls.page>, 'pageParameter' | 'overdue'> & { overdue?: 'YES' | 'NO' };
export type DecideValues = Omit<CallInput<typeof objectionCalls.decide>, 'objectionId' | 'lockVersion'>;

export type ObjectionSetting = CallData<typeof objectionCalls.getSettings>;

export const OBJECTION_TABLE_KEY = 'award:objection';

type Versioned = { objectionId: string; lockVersion: number };

export const objectionApi = {
  page: ({ overdue, ...query }: PageQuery<ObjectionSearch>, signal: AbortSignal) =>
    call(objectionCalls.page, { ...query, ...(overdue ? { overdue: overdue === 'YES' } : {}) }, { signal }),
  detail: (objectionId: string, signal?: AbortSignal) => call(objectionCalls.detail, { objectionId }, { signal }),
  accept: (ref: Versioned, opinion?: string | null) => call(objectionCalls.accept, { ...ref, opinion }, { silent: true }),
  reject: (ref: Versioned, opinion: string) => call(objectionCalls.reject, { ...ref, opinion }, { silent: true }),
  investigate: (ref: Versioned, opinion?: string | null) => call(objectionCalls.investigate, { ...ref, opinion }, { silent: true }),
  decide: (ref: Versioned, values: DecideValues) => call(objectionCalls.decide, { ...ref, ...values }, { silent: true }),
  settings: (signal?: AbortSignal) => call(objectionCalls.getSettings, {}, { signal }),
  saveSettings: (input: ObjectionSetting) => call(objectionCalls.saveSettings, input, { silent: true }),
};

/** 公示管理: the console's calls of the shared contract (`@dandelion/shared/award/publicity`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { publicityCalls } from '@dandelion/shared/award/publicity';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type PublicityRow = CallData<typeof publicityCalls.page>['list'][number];
export type PublicityDetail = CallData<typeof publicityCalls.detail>;
export type PublicityEntry = PublicityDetail['entries'][number];
export type PublicityPreview = CallData<typeof publicityCalls.preview>;
export type PublicitySearch = Omit<CallInput<typeof publicityCalls.page>, 'pageParameter'>;
export type PublicityFormValues = CallInput<typeof publicityCalls.add>;
export type FieldSetting = CallData<typeof publicityCalls.fieldSettings>[number];

export const PUBLICITY_TABLE_KEY = 'award:publicity';

type Versioned = { publicityId: string; lockVersion: number };

export const publicityApi = {
  page: (query: PageQuery<PublicitySearch>, signal: AbortSignal) => call(publicityCalls.page, query, { signal }),
  detail: (publicityId: string, signal?: AbortSignal) => call(publicityCalls.detail, { publicityId }, { signal }),
  preview: (input: CallInput<typeof publicityCalls.preview>) => call(publicityCalls.preview, input, { silent: true }),
  add: (values: PublicityFormValues) => call(publicityCalls.add, values, { silent: true }),
  update: (ref: Versioned, values: PublicityFormValues) => call(publicityCalls.update, { ...values, ...ref }, { silent: true }),
  schedule: (ref: Versioned) => call(publicityCalls.schedule, ref),
  withdraw: (ref: Versioned) => call(publicityCalls.withdraw, ref),
  close: (ref: Versioned) => call(publicityCalls.close, ref),
  fieldSettings: (signal?: AbortSignal) => call(publicityCalls.fieldSettings, {}, { signal }),
  saveFieldSetting: (input: CallInput<typeof publicityCalls.saveFieldSetting>) => call(publicityCalls.saveFieldSetting, input),
};

/** 合作意向: the intentions visitors left on awarded achievements (`@dandelion/shared/award/achievement`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { purchaseCalls } from '@dandelion/shared/award/achievement';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type Purchase = CallData<typeof purchaseCalls.page>['list'][number];
export type PurchaseSearch = Omit<CallInput<typeof purchaseCalls.page>, 'pageParameter'>;
export type PurchaseStatusChange = CallInput<typeof purchaseCalls.updateStatus>;

export const PURCHASE_TABLE_KEY = 'award:purchase';

export const purchaseApi = {
  page: (query: PageQuery<PurchaseSearch>, signal: AbortSignal) => call(purchaseCalls.page, query, { signal }),
  updateStatus: (change: PurchaseStatusChange) => call(purchaseCalls.updateStatus, change),
};

/** Editions: the console's calls of the shared contract (`@dandelion/shared/award/edition`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { editionCalls } from '@dandelion/shared/award/edition';
import { prizeCalls } from '@dandelion/shared/award/prize';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type Edition = CallData<typeof editionCalls.detail>;
export type EditionFormValues = CallInput<typeof editionCalls.add>;
export type EditionSearch = Omit<CallInput<typeof editionCalls.page>, 'pageParameter'>;

export const EDITION_TABLE_KEY = 'award:edition';

export const editionApi = {
  page: (query: PageQuery<EditionSearch>, signal: AbortSignal) => call(editionCalls.page, query, { signal }),
  detail: (editionId: string, signal?: AbortSignal) => call(editionCalls.detail, { editionId }, { signal, silent: true }),
  add: (values: EditionFormValues) => call(editionCalls.add, values, { silent: true }),
  update: (editionId: string, lockVersion: number, values: EditionFormValues) => call(editionCalls.update, { ...values, editionId, lockVersion }, { silent: true }),
  remove: (editionId: string, lockVersion: number) => call(editionCalls.remove, { editionId, lockVersion }),
  publish: (editionId: string, lockVersion: number) => call(editionCalls.publish, { editionId, lockVersion }),
  cloneFromLast: () => call(editionCalls.cloneFromLast, {}),
  /** The enabled prizes an edition may open, for the form's picker. */
  prizeOptions: async (signal?: AbortSignal) => {
    const page = await call(prizeCalls.page, { pageParameter: { pageNum: 1, pageSize: 500 }, status: 'NORMAL' }, { signal });
    return page.list.map((p) => ({ value: p.prizeId, label: p.prizeName }));
  },
};

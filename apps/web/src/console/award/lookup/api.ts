/** Funds, plan projects and task origins: the console's calls of the shared contract (`@dandelion/shared/award/lookup`). */
import type { CallData, CallInput, Page } from '@dandelion/shared';
import { collectionCalls, LOOKUP_CALLS, type LookupKind } from '@dandelion/shared/award/lookup';
import { call } from '../../../api/call';

type Calls = (typeof LOOKUP_CALLS)['FUND'];
export type Lookup = CallData<Calls['detail']>;
export type LookupValues = CallInput<Calls['add']>;
export type LookupSearch = Omit<CallInput<Calls['page']>, 'pageParameter'>;
export type LookupLevel = Lookup['level'];

/** The calls of one list; the three lists share one contract shape, told apart by their paths. */
export function lookupApi(kind: LookupKind) {
  const calls: Calls = LOOKUP_CALLS[kind];
  return {
    /** The PagedTable fetcher: the caller's favourites come first. */
    page: (query: LookupSearch & { pageParameter: { pageNum: number; pageSize: number } }, signal: AbortSignal): Promise<Page<Lookup>> =>
      call(calls.page, query, { signal }),
    detail: (id: string, signal?: AbortSignal): Promise<Lookup> => call(calls.detail, { id }, { signal, silent: true }),
    add: (values: LookupValues): Promise<Lookup> => call(calls.add, values, { silent: true }),
    update: (record: Pick<Lookup, 'id' | 'lockVersion'>, values: LookupValues): Promise<Lookup> =>
      call(calls.update, { ...values, id: record.id, lockVersion: record.lockVersion }, { silent: true }),
    remove: (record: Pick<Lookup, 'id' | 'lockVersion'>): Promise<null> => call(calls.remove, { id: record.id, lockVersion: record.lockVersion }),
    /** 收藏 / 取消收藏 (idempotent on the server). */
    setCollected: (id: string, collected: boolean): Promise<{ collected: boolean }> => call(collectionCalls.update, { kind, id, collected }),
  };
}
export type LookupApi = ReturnType<typeof lookupApi>;

/** Each list keeps its own table settings. */
export const LOOKUP_TABLE_KEYS: Readonly<Record<LookupKind, string>> = { FUND: 'award:fund', PROJECT: 'award:project', ORIGIN: 'award:origin' };

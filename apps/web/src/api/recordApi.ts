/**
 * The console side of a record family (`recordCalls` in packages/shared): typed functions for the list,
 * the shared form and the row actions, so a plain administration page writes none of them by hand.
 */
import type { CallData, CallInput, Page, RecordCalls, RecordStatus } from '@dandelion/shared';
import { call } from './call';

type Row<C extends RecordCalls> = CallData<C['detail']>;
/** What the add form sends (update sends the same plus the id and lockVersion). */
export type RecordValues<C extends RecordCalls> = CallInput<C['add']>;
/** The list's search fields. */
export type RecordSearch<C extends RecordCalls> = Omit<CallInput<C['page']>, 'pageParameter'>;
export type RecordRow<C extends RecordCalls> = Row<C>;

// The family's calls share one loose signature inside this helper; the functions it returns are typed by the family.
const send = call as (contract: object, input: object, options?: object) => Promise<never>;

export function recordApi<C extends RecordCalls>(calls: C) {
  const id = (value: string) => ({ [calls.idField]: value });
  return {
    /** The PagedTable fetcher of the list page. */
    page: (query: RecordSearch<C> & { pageParameter: { pageNum: number; pageSize: number } }, signal: AbortSignal): Promise<Page<Row<C>>> =>
      send(calls.page, query, { signal }),
    /** The form's load; the form shows a failure itself. */
    detail: (recordId: string, signal?: AbortSignal): Promise<Row<C>> => send(calls.detail, id(recordId), { signal, silent: true }),
    add: (values: RecordValues<C>): Promise<Row<C>> => send(calls.add, values as object, { silent: true }),
    update: (recordId: string, lockVersion: number, values: RecordValues<C>): Promise<Row<C>> =>
      send(calls.update, { ...(values as object), ...id(recordId), lockVersion }, { silent: true }),
    setStatus: (recordId: string, lockVersion: number, status: RecordStatus): Promise<Row<C>> => {
      if (!calls.updateStatus) throw new Error(`${calls.entity}没有启用/停用`);
      return send(calls.updateStatus, { ...id(recordId), lockVersion, status });
    },
    remove: (recordId: string, lockVersion: number): Promise<null> => send(calls.remove, { ...id(recordId), lockVersion }),
    removeMany: (ids: string[]): Promise<{ deleted: number }> => {
      if (!calls.removeMany) throw new Error(`${calls.entity}没有批量删除`);
      return send(calls.removeMany, { ids });
    },
  };
}

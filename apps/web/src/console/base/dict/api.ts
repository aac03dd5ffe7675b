/** Dictionaries: the console's calls of the shared contract (`@dandelion/shared/base/dict`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { dictCalls as calls } from '@dandelion/shared/base/dict';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';

/** One dictionary entry (spec §3 Dictionary item) as the page reads it. */
export type DictRecord = CallData<typeof calls.detail>;
/** A category of the tree, with its item count and sub-categories. */
export type CategoryNode = CallData<typeof calls.categoryTree>[number];
export type AppWithDicts = CallData<typeof calls.apps>[number];
export type CategoryValues = CallInput<typeof calls.addCategory>;
export type ItemValues = Omit<CallInput<typeof calls.addItem>, 'parentId' | 'lockFlag'>;
export type ItemSearch = Omit<CallInput<typeof calls.itemPage>, 'pageParameter'>;

/** The app filter: every category, the shared ones ('' on the wire) or one app's. */
export type AppFilter = { kind: 'all' } | { kind: 'shared' } | { kind: 'app'; appCode: string };

const appFilterBody = (filter: AppFilter) => (filter.kind === 'all' ? {} : { appCode: filter.kind === 'shared' ? '' : filter.appCode });
/** The entry an action applies to, at the version the page read. */
const versioned = (record: Pick<DictRecord, 'dictId' | 'lockVersion'>) => ({ dictId: record.dictId, lockVersion: record.lockVersion });

export const dictApi = {
  categoryTree: (keyword: string, filter: AppFilter) => call(calls.categoryTree, { ...(keyword ? { keyword } : {}), ...appFilterBody(filter) }),
  apps: () => call(calls.apps, {}),
  addCategory: (values: CategoryValues) => call(calls.addCategory, values, { silent: true }),
  editCategory: (record: DictRecord, values: CategoryValues) => call(calls.editCategory, { ...values, ...versioned(record) }, { silent: true }),
  removeCategory: (record: DictRecord) => call(calls.removeCategory, versioned(record)),
  sort: (parentId: string | null, orderedIds: string[]) => call(calls.sort, { parentId, orderedIds }),
  setLock: (record: DictRecord, lockFlag: boolean) => call(calls.lock, { ...versioned(record), lockFlag }),
  refreshCache: () => call(calls.refresh, {}),

  itemPage: (query: ItemSearch & { pageParameter: { pageNum: number; pageSize: number } }, signal: AbortSignal) => call(calls.itemPage, query, { signal }),
  addItem: (parentId: string, values: ItemValues) => call(calls.addItem, { ...values, parentId }, { silent: true }),
  editItem: (record: DictRecord, values: ItemValues) => call(calls.editItem, { ...values, ...versioned(record) }, { silent: true }),
  removeItem: (record: DictRecord) => call(calls.removeItem, versioned(record)),
  removeItems: (ids: string[]) => call(calls.removeItems, { ids }),
  exportItems: (search: ItemSearch) => downloadByPost(calls.exportItems.path, search),
};

export const ITEM_TABLE_KEY = 'base:dict:items';

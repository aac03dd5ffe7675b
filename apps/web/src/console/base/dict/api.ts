/** Dictionaries (spec §7 /rest/dict/*, /rest/dictItem/*); server: apps/server/src/modules/base/dict/. */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import { downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export const DICT_PERMISSIONS = {
  list: 'base:dict:list',
  add: 'base:dict:add',
  upd: 'base:dict:upd',
  del: 'base:dict:del',
  detail: 'base:dict:detail',
  sort: 'base:dict:sort',
  lock: 'base:dict:lock',
  refresh: 'base:dict:refresh',
} as const;

/** Codes: letters, digits, underscore (the server says the same). */
export const DICT_CODE_PATTERN = /^[A-Za-z0-9_]+$/;
export const DICT_CODE_MESSAGE = '字典编码只能包含字母、数字和下划线';

/** One dictionary entry (spec §3 Dictionary item). */
export interface DictRecord {
  dictId: string;
  parentId: string | null;
  dictCode: string;
  dictFullCode: string;
  dictName: string;
  dictType: 'DICT' | 'ITEM';
  dictLevel: number;
  dictSort: number;
  lockFlag: boolean;
  remark: string | null;
  appCode: string | null;
  lockVersion: number;
  createTime: string;
  createBy: string | null;
  updateTime: string;
  updateBy: string | null;
  label: string;
  value: string;
  parent: string | null;
}

export interface CategoryNode extends DictRecord {
  itemCount: number;
  childrens: CategoryNode[];
}

export interface AppWithDicts {
  appCode: string;
  appName: string;
  status: string;
  dicts: { dictId: string; dictCode: string; dictName: string }[];
}

export interface CategoryValues {
  parentId: string | null;
  dictCode: string;
  dictName: string;
  dictSort?: number;
  remark: string | null;
  appCode: string | null;
}

export interface ItemValues {
  dictCode: string;
  dictName: string;
  dictSort?: number;
  remark: string | null;
}

export interface ItemSearch {
  parentId: string;
  keyword?: string;
  lockFlag?: boolean;
}

/** The app filter: every category, the shared ones ('' on the wire) or one app's. */
export type AppFilter = { kind: 'all' } | { kind: 'shared' } | { kind: 'app'; appCode: string };

const appFilterBody = (filter: AppFilter) => (filter.kind === 'all' ? {} : { appCode: filter.kind === 'shared' ? '' : filter.appCode });

export const fetchCategoryTree = (keyword: string, filter: AppFilter) =>
  postJson<CategoryNode[]>('/rest/dict/dictTree', { ...(keyword ? { keyword } : {}), ...appFilterBody(filter) });
export const fetchApps = () => postJson<AppWithDicts[]>('/rest/dict/queryApp', {});
export const addCategory = (values: CategoryValues) => postJson<DictRecord>('/rest/dict/add', values, { silent: true });
export const editCategory = (record: DictRecord, values: CategoryValues) =>
  postJson<DictRecord>('/rest/dict/edit', { ...values, dictId: record.dictId, lockVersion: record.lockVersion }, { silent: true });
export const deleteCategory = (record: DictRecord) => postJson<null>('/rest/dict/delete', { dictId: record.dictId, lockVersion: record.lockVersion });
export const sortDicts = (parentId: string | null, orderedIds: string[]) => postJson<null>('/rest/dict/treeSort', { parentId, orderedIds });
export const setDictLock = (record: DictRecord, lockFlag: boolean) =>
  postJson<DictRecord>('/rest/dict/lock', { dictId: record.dictId, lockVersion: record.lockVersion, lockFlag });
export const refreshDictCache = () => postJson<{ categories: number; items: number }>('/rest/dict/refresh', {});

export const fetchItemPage = (query: PageQuery<ItemSearch>, signal: AbortSignal) =>
  postJson<Page<DictRecord>>('/rest/dictItem/listByPage', query, { signal });
export const addItem = (parentId: string, values: ItemValues) => postJson<DictRecord>('/rest/dictItem/add', { ...values, parentId }, { silent: true });
export const editItem = (record: DictRecord, values: ItemValues) =>
  postJson<DictRecord>('/rest/dictItem/edit', { ...values, dictId: record.dictId, lockVersion: record.lockVersion }, { silent: true });
export const deleteItem = (record: DictRecord) => postJson<null>('/rest/dictItem/delete', { dictId: record.dictId, lockVersion: record.lockVersion });
export const deleteItems = (ids: string[]) => postJson<{ deleted: number }>('/rest/dictItem/deleteBatch', { ids });
export const exportItems = (search: ItemSearch) => downloadByPost('/rest/dictItem/export', search);

export const ITEM_TABLE_KEY = 'base:dict:items';

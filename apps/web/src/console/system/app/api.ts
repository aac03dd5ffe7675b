/** Applications (spec §7 /rest/app/*); server: apps/server/src/modules/system/app/routes.ts. */
import type { Page } from '@dandelion/shared';
import { isHttpUrl } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';
import { RECORD_STATUS_LABELS as STATUS_LABELS, type RecordStatus as EnableStatus } from '@dandelion/shared';

export { STATUS_LABELS };
export const APP_PERMISSIONS = {
  list: 'system:app:list',
  add: 'system:app:add',
  upd: 'system:app:upd',
  detail: 'system:app:detail',
  del: 'system:app:del',
  enable: 'system:app:enable',
} as const;

export const VISIT_URL_MESSAGE = '访问地址必须是 http/https 网址或以 / 开头的路径';
export const APP_PATH_MESSAGE = '应用路径必须以 / 开头';
/** The server's rule: a full http(s) URL, or a path on this site (never protocol-relative //host). */
export const isVisitUrl = (value: string) => isHttpUrl(value) || /^\/(?!\/)\S*$/.test(value);

export interface AppRecord {
  appId: string;
  appCode: string;
  appName: string;
  visitUrl: string;
  path: string;
  status: EnableStatus;
  sort: number;
  remark: string | null;
  updateTime: string;
  lockVersion: number;
  funcIds?: string[];
}
export type AppValues = Pick<AppRecord, 'appCode' | 'appName' | 'visitUrl' | 'path' | 'status' | 'sort' | 'remark'>;
export interface AppSearch {
  appCode?: string;
  appName?: string;
  status?: EnableStatus;
}

export const APP_TABLE_KEY = 'system:app';

export const fetchAppPage = (query: PageQuery<AppSearch>, signal: AbortSignal) => postJson<Page<AppRecord>>('/rest/app/page', query, { signal });
export const fetchApp = (appId: string, signal?: AbortSignal) => postJson<AppRecord>('/rest/app/detail', { appId }, { signal, silent: true });
export const addApp = (values: AppValues) => postJson<AppRecord>('/rest/app/add', values, { silent: true });
export const updateApp = (appId: string, lockVersion: number, values: AppValues) =>
  postJson<AppRecord>('/rest/app/update', { ...values, appId, lockVersion }, { silent: true });
export const updateAppStatus = (appId: string, lockVersion: number, status: EnableStatus) =>
  postJson<AppRecord>('/rest/app/updateStatus', { appId, lockVersion, status });
export const deleteApp = (appId: string, lockVersion: number) => postJson<null>('/rest/app/delete', { appId, lockVersion });

/** A DIR/MENU node of /rest/menu/getAllMenuTree (buttons are not bound to applications). */
export interface MenuTreeNode {
  id: string;
  pid: string | null;
  funcCode: string;
  funcName: string;
  funcType: string;
  children?: MenuTreeNode[];
}

export const fetchAllMenuTree = () => postJson<MenuTreeNode[]>('/rest/menu/getAllMenuTree', {}, { silent: true });
export const bindAppMenus = (appId: string, funcIds: string[]) => postJson<null>('/rest/app/bindMenus', { appId, funcIds }, { silent: true });

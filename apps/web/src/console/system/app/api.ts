/** Applications: the console's calls of the shared contract (`@dandelion/shared/system/app`). */
import type { CallData } from '@dandelion/shared';
import { appCalls } from '@dandelion/shared/system/app';
import { funcCalls } from '@dandelion/shared/system/func';
import { call } from '../../../api/call';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';
import type { PageQuery } from '../../../components/PagedTable';

export const appApi = recordApi(appCalls);
/** A row of the list. */
export type AppRecord = CallData<typeof appCalls.page>['list'][number];
/** An application with the menus it carries (the form). */
export type AppDetail = RecordRow<typeof appCalls>;
export type AppValues = RecordValues<typeof appCalls>;
export type AppSearch = RecordSearch<typeof appCalls>;
/** A directory or menu of the function tree (buttons are not bound to applications). */
export type MenuTreeNode = CallData<typeof funcCalls.menuTree>[number];

export const APP_TABLE_KEY = 'system:app';

/** The list's rows leave out the bound menus. */
export const fetchAppPage = (query: PageQuery<AppSearch>, signal: AbortSignal) => call(appCalls.page, query, { signal });
export const fetchAllMenuTree = () => call(funcCalls.menuTree, {}, { silent: true });
export const bindAppMenus = (appId: string, funcIds: string[]) => call(appCalls.bindMenus, { appId, funcIds }, { silent: true });

/** Roles: the console's calls of the shared contract (`@dandelion/shared/system/role`). */
import type { CallData, Page } from '@dandelion/shared';
import { roleCalls } from '@dandelion/shared/system/role';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import { NO_TIMEOUT } from '../../../api/http';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';
import type { PageQuery } from '../../../components/PagedTable';

export const roleApi = recordApi(roleCalls);
/** A row of the list. */
export type Role = Extract<CallData<typeof roleCalls.page>, { list: unknown }>['list'][number];
/** A role with the organisations of its CUSTOM scope (the form). */
export type RoleDetail = RecordRow<typeof roleCalls>;
export type RoleValues = RecordValues<typeof roleCalls>;
export type RoleSearch = RecordSearch<typeof roleCalls>;
export type RoleUser = CallData<typeof roleCalls.users>['list'][number];
export type FuncNode = CallData<typeof roleCalls.permissionTree>['funcs'][number];
export type RolePermission = CallData<typeof roleCalls.permissions>;

export const ROLE_TABLE_KEY = 'system:role';

/** With a page parameter the list call answers a page (without one, every role in force). */
export const fetchRolePage = async (query: PageQuery<RoleSearch>, signal: AbortSignal): Promise<Page<Role>> => {
  const answer = await call(roleCalls.page, query, { signal });
  return Array.isArray(answer) ? { list: answer, total: answer.length, ...query.pageParameter } : answer;
};
export const fetchRoleUsers = (roleId: string, query: PageQuery<object>, signal: AbortSignal) => call(roleCalls.users, { ...query, roleId }, { signal });
export const fetchPermissionTree = (signal?: AbortSignal) => call(roleCalls.permissionTree, {}, { signal, silent: true });
export const fetchRolePermission = (roleId: string, signal?: AbortSignal) => call(roleCalls.permissions, { roleId }, { signal, silent: true });
/** Spec §9: binding permissions has no timeout (large trees, many holders to refresh). */
export const bindRolePermission = (roleId: string, permission: RolePermission) =>
  call(roleCalls.bindPermission, { roleId, ...permission }, { timeoutMs: NO_TIMEOUT, silent: true });

/** The filtered list as .xlsx (disabled roles included). */
export const exportRoles = (search: RoleSearch) => downloadByPost(roleCalls.export.path, search);

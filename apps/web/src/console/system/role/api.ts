/** Roles (spec §7 /rest/role/*); server: apps/server/src/modules/system/role/routes.ts. */
import type { Page } from '@dandelion/shared';
import { downloadByPost } from '../../../api/download';
import { NO_TIMEOUT, postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';
import type { RecordStatus as EnableStatus } from '@dandelion/shared';

export { RECORD_STATUS_LABELS as STATUS_LABELS } from '@dandelion/shared';
export const CODE_PATTERN = /^[A-Za-z0-9_]+$/;
export const ROLE_PERMISSIONS = {
  list: 'system:role:list',
  add: 'system:role:add',
  upd: 'system:role:upd',
  detail: 'system:role:detail',
  del: 'system:role:del',
  perm: 'system:role:perm',
  export: 'system:role:export',
} as const;

export const DATA_SCOPE_LABELS: Readonly<Record<string, string>> = {
  ALL: '全部数据',
  ORG_AND_CHILDREN: '本机构及下级',
  ORG: '本机构',
  SELF: '仅本人',
  CUSTOM: '自定义机构',
};

export interface Role {
  roleId: string;
  roleCode: string;
  roleName: string;
  roleType: string;
  dataScope: string;
  status: EnableStatus;
  sort: number;
  remark: string | null;
  updateTime: string;
  lockVersion: number;
  dataOrgIds?: string[];
}
export type RoleValues = Pick<Role, 'roleCode' | 'roleName' | 'roleType' | 'dataScope' | 'status' | 'sort' | 'remark'> & { dataOrgIds?: string[] };
export interface RoleSearch {
  roleName?: string;
  roleCode?: string;
  roleType?: string;
  status?: EnableStatus;
}
export interface RoleUser {
  id: string;
  username: string;
  realname: string | null;
  phone: string | null;
  status: string;
}
export interface FuncNode {
  funcId: string;
  pid: string | null;
  funcCode: string;
  funcName: string;
  funcType: 'DIR' | 'MENU' | 'BUTTON' | string;
  children: FuncNode[];
}
export interface RuleOption {
  ruleId: string;
  ruleCode: string;
  ruleName: string;
  scopeType: string;
  status: string;
}
export interface RolePermission {
  funcIds: string[];
  ruleIds: string[];
}

export const ROLE_TABLE_KEY = 'system:role';

export const fetchRolePage = (query: PageQuery<RoleSearch>, signal: AbortSignal) => postJson<Page<Role>>('/rest/role/getAllRole', query, { signal });
export const fetchRole = (roleId: string, signal?: AbortSignal) => postJson<Role>('/rest/role/detail', { roleId }, { signal, silent: true });
export const addRole = (values: RoleValues) => postJson<Role>('/rest/role/add', values, { silent: true });
export const updateRole = (roleId: string, lockVersion: number, values: RoleValues) =>
  postJson<Role>('/rest/role/update', { ...values, roleId, lockVersion }, { silent: true });
export const deleteRole = (roleId: string, lockVersion: number) => postJson<null>('/rest/role/delete', { roleId, lockVersion });
export const fetchRoleUsers = (roleId: string, query: PageQuery<object>, signal: AbortSignal) =>
  postJson<Page<RoleUser>>('/rest/role/users', { ...query, roleId }, { signal });
export const fetchPermissionTree = (signal?: AbortSignal) =>
  postJson<{ funcs: FuncNode[]; rules: RuleOption[] }>('/rest/role/permissionTree', {}, { signal, silent: true });
export const fetchRolePermission = (roleId: string, signal?: AbortSignal) =>
  postJson<RolePermission>('/rest/role/getRolePermission', { roleId }, { signal, silent: true });
/** Spec §9: binding permissions has no timeout (large trees, many holders to refresh). */
export const bindRolePermission = (roleId: string, permission: RolePermission) =>
  postJson<RolePermission>('/rest/role/bindPermission', { roleId, ...permission }, { timeoutMs: NO_TIMEOUT, silent: true });

/** The filtered list as .xlsx (disabled roles included). */
export const exportRoles = (search: RoleSearch) => downloadByPost('/rest/role/export', search);

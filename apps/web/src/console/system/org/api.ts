/** Organisations (spec §7 /rest/organ/*); server: apps/server/src/modules/system/org/routes.ts. */
import type { Page } from '@dandelion/shared';
import { downloadByPost } from '../../../api/download';
import { NO_TIMEOUT, postJson } from '../../../api/http';
import type { OrgNode } from '../../../components/OrgTreeSelect';
import type { PageQuery } from '../../../components/PagedTable';

export type { OrgNode };

export const ORG_PERMISSIONS = {
  list: 'system:org:list',
  add: 'system:org:add',
  upd: 'system:org:upd',
  detail: 'system:org:detail',
  del: 'system:org:del',
  sort: 'system:org:sort',
  bind: 'system:org:bind',
  export: 'system:org:export',
} as const;

export const ORG_STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };

/** The editable fields of an organisation (the shared add/upd/detail form). */
export interface OrgValues {
  orgCode: string;
  orgName: string;
  orgType?: string | null;
  orgLevel?: string | null;
  parentOrgId?: string | null;
  orgAddr?: string | null;
  orgLinkman?: string | null;
  orgLinktel?: string | null;
  orgLinkemail?: string | null;
  orgStatus: string;
  orgSort: number;
  remark?: string | null;
}

export interface OrgDetail extends Required<OrgValues> {
  orgId: string;
  parentOrgName: string | null;
  parentOrgIds: string;
  createTime: string;
  createBy: string | null;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

/** A member of an organisation; the phone arrives masked (138****0001). */
export interface OrgUser {
  id: string;
  username: string;
  realname: string | null;
  phone: string | null;
  status: string;
  orgId: string | null;
}

export const fetchOrgChildren = (parentId: string | null, signal?: AbortSignal) =>
  postJson<OrgNode[]>('/rest/organ/tree', parentId ? { parentId } : {}, { signal });

/** Orgs matching `keyword` with all their ancestors, flat. */
export const searchOrgs = (keyword: string, signal?: AbortSignal) => postJson<OrgNode[]>('/rest/organ/tree', { keyword }, { signal });

export const fetchOrgDetail = (orgId: string, signal?: AbortSignal) =>
  postJson<OrgDetail>('/rest/organ/detail', { orgId }, { signal, silent: true });

export const addOrg = (values: OrgValues) => postJson<OrgDetail>('/rest/organ/add', values, { silent: true });

export const updateOrg = (orgId: string, lockVersion: number, values: OrgValues) =>
  postJson<OrgDetail>('/rest/organ/update', { ...values, orgId, lockVersion }, { silent: true });

export const deleteOrg = (orgId: string) => postJson<null>('/rest/organ/delete', { orgId });

export const fetchOrgUsers = (query: PageQuery<{ orgId: string; includeChildren?: boolean }>, signal: AbortSignal) =>
  postJson<Page<OrgUser>>('/rest/organ/users', query, { signal });

export const fetchOrgAdmins = (orgId: string) => postJson<OrgUser[]>('/rest/organ/admins', { orgId }, { silent: true });

// Binding calls have no timeout (spec §9: none for organisation permission binding).
export const saveOrgAdmins = (orgId: string, userIds: string[]) =>
  postJson<OrgUser[]>('/rest/organ/admins', { orgId, userIds }, { timeoutMs: NO_TIMEOUT, silent: true });

export interface OrgBindings {
  funcIds: string[];
  ruleIds: string[];
}

export const fetchOrgBindings = (orgId: string) => postJson<OrgBindings>('/rest/organ/permissions', { orgId }, { silent: true });

export const saveOrgBindings = (orgId: string, bindings: OrgBindings) =>
  postJson<OrgBindings>('/rest/organ/permissions', { orgId, ...bindings }, { timeoutMs: NO_TIMEOUT, silent: true });

/** Reorders the direct children of `parentOrgId` (the roots when null): `orderedIds` is all of them, in order. */
export const sortOrgs = (parentOrgId: string | null, orderedIds: string[]) =>
  postJson<null>('/rest/organ/sort', parentOrgId ? { parentOrgId, orderedIds } : { orderedIds });

/** The organisations the caller may see (those matching `keyword` when given) as .xlsx. */
export const exportOrgs = (keyword: string) => downloadByPost('/rest/organ/export', keyword ? { keyword } : {});

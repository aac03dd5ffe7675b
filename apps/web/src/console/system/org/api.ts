/** Organisations: the console's calls of the shared contract (`@dandelion/shared/system/org`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { dataPermissionCalls } from '@dandelion/shared/system/datapermission';
import { orgCalls } from '@dandelion/shared/system/org';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import { NO_TIMEOUT } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export type OrgNode = CallData<typeof orgCalls.tree>[number];
export type OrgDetail = CallData<typeof orgCalls.detail>;
/** A member of an organisation; the phone arrives masked (138****0001). */
export type OrgUser = CallData<typeof orgCalls.users>['list'][number];
/** The editable fields of an organisation (the shared add/upd/detail form). */
export type OrgValues = CallInput<typeof orgCalls.add>;
export type OrgBindings = CallData<typeof orgCalls.permissions>;
export type RuleOption = CallData<typeof dataPermissionCalls.page>['list'][number];

export const fetchOrgChildren = (parentId: string | null, signal?: AbortSignal) => call(orgCalls.tree, parentId ? { parentId } : {}, { signal });

/** Orgs matching `keyword` with all their ancestors, flat. */
export const searchOrgs = (keyword: string, signal?: AbortSignal) => call(orgCalls.tree, { keyword }, { signal });

export const fetchOrgDetail = (orgId: string, signal?: AbortSignal) => call(orgCalls.detail, { orgId }, { signal, silent: true });

export const addOrg = (values: OrgValues) => call(orgCalls.add, values, { silent: true });

export const updateOrg = (orgId: string, lockVersion: number, values: OrgValues) => call(orgCalls.update, { ...values, orgId, lockVersion }, { silent: true });

export const deleteOrg = (orgId: string) => call(orgCalls.remove, { orgId });

export const fetchOrgUsers = (query: PageQuery<{ orgId: string; includeChildren?: boolean }>, signal: AbortSignal) => call(orgCalls.users, query, { signal });

export const fetchOrgAdmins = (orgId: string) => call(orgCalls.admins, { orgId }, { silent: true });

// Binding calls have no timeout (spec §9: none for organisation permission binding).
export const saveOrgAdmins = (orgId: string, userIds: string[]) => call(orgCalls.admins, { orgId, userIds }, { timeoutMs: NO_TIMEOUT, silent: true });

export const fetchOrgBindings = (orgId: string) => call(orgCalls.permissions, { orgId }, { silent: true });

export const saveOrgBindings = (orgId: string, bindings: OrgBindings) =>
  call(orgCalls.permissions, { orgId, ...bindings }, { timeoutMs: NO_TIMEOUT, silent: true });

/** The data-permission rules an organisation may bind (the rule module's list). */
export const fetchRuleOptions = () => call(dataPermissionCalls.page, { pageParameter: { pageNum: 1, pageSize: 500 } }, { silent: true });

/** Reorders the direct children of `parentOrgId` (the roots when null): `orderedIds` is all of them, in order. */
export const sortOrgs = (parentOrgId: string | null, orderedIds: string[]) => call(orgCalls.sort, parentOrgId ? { parentOrgId, orderedIds } : { orderedIds });

/** The organisations the caller may see (those matching `keyword` when given) as .xlsx. */
export const exportOrgs = (keyword: string) => downloadByPost(orgCalls.export.path, keyword ? { keyword } : {});

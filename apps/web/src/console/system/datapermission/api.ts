/** Data-permission rules (spec §7 /rest/datapermission/*); server: apps/server/src/modules/system/datapermission/routes.ts. */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const DATAPERMISSION_PERMISSIONS = {
  list: 'system:datapermission:list',
  add: 'system:datapermission:add',
  upd: 'system:datapermission:upd',
  detail: 'system:datapermission:detail',
  del: 'system:datapermission:del',
  enable: 'system:datapermission:enable',
} as const;

export type ScopeType = 'ALL' | 'ORG_AND_CHILDREN' | 'ORG' | 'SELF' | 'CUSTOM';

export const SCOPE_TYPE_LABELS: Readonly<Record<ScopeType, string>> = {
  ALL: '全部数据',
  ORG_AND_CHILDREN: '本机构及下级',
  ORG: '本机构',
  SELF: '仅本人',
  CUSTOM: '自定义',
};

export const RULE_STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };

export interface Rule {
  id: string;
  ruleCode: string;
  ruleName: string;
  scopeType: ScopeType;
  status: string;
  sort: number;
  remark: string | null;
  createTime: string;
  updateTime: string;
  lockVersion: number;
}

export interface RuleDetail extends Rule {
  orgIds: string[];
  orgs: Array<{ orgId: string; orgName: string }>;
}

export interface RuleValues {
  ruleCode: string;
  ruleName: string;
  scopeType: ScopeType;
  orgIds?: string[];
  status: string;
  sort: number;
  remark?: string | null;
}

export interface RuleSearch {
  keyword?: string;
  scopeType?: ScopeType;
  status?: string;
}

export const DATAPERMISSION_TABLE_KEY = 'system:datapermission';

export const fetchRulePage = (query: PageQuery<RuleSearch>, signal: AbortSignal) =>
  postJson<Page<Rule>>('/rest/datapermission/page', query, { signal });

export const fetchRuleDetail = (id: string, signal?: AbortSignal) => postJson<RuleDetail>('/rest/datapermission/detail', { id }, { signal, silent: true });

export const addRule = (values: RuleValues) => postJson<RuleDetail>('/rest/datapermission/add', values, { silent: true });

export const updateRule = (id: string, lockVersion: number, values: RuleValues) =>
  postJson<RuleDetail>('/rest/datapermission/update', { ...values, id, lockVersion }, { silent: true });

export const deleteRule = (id: string, lockVersion: number) => postJson<null>('/rest/datapermission/delete', { id, lockVersion });

export const updateRuleStatus = (id: string, status: string, lockVersion: number) =>
  postJson<RuleDetail>('/rest/datapermission/updateStatus', { id, status, lockVersion });

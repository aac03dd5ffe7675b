/** Process definitions and instances (/rest/progress/*); server: apps/server/src/modules/base/progress/. */
import type { Page, ProcessDefinition, ProcessDefStatus, ProcessInstanceStatus } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const PROGRESS_PERMISSIONS = {
  list: 'base:progress:list',
  add: 'base:progress:add',
  upd: 'base:progress:upd',
  del: 'base:progress:del',
  publish: 'base:progress:publish',
  instance: 'base:progress:instance',
} as const;

export const DEF_TABLE_KEY = 'base:progress:definition';
export const INSTANCE_TABLE_KEY = 'base:progress:instance';

interface Audited {
  createTime: string;
  createBy: string | null;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

export interface DefSummary extends Audited {
  defId: string;
  processCode: string;
  processName: string;
  version: number;
  status: ProcessDefStatus;
  remark: string | null;
  stageCount: number;
  transitionCount: number;
}
export interface DefListItem extends DefSummary {
  versionCount: number;
  activeVersion: number | null;
  draftVersion: number | null;
}
export interface DefVersion extends DefSummary {
  instanceCount: number;
}
export interface DefDetail extends DefSummary {
  definition: ProcessDefinition;
  problems: string[];
  instanceCount: number;
}
export interface DefSearch {
  processCode?: string;
  processName?: string;
  status?: ProcessDefStatus;
}
export interface DefValues {
  processName: string;
  remark: string | null;
  definition: ProcessDefinition;
}

export interface ProcessInstance extends Audited {
  instanceId: string;
  defId: string;
  processCode: string;
  processName: string;
  version: number;
  businessKey: string;
  title: string | null;
  currentStage: string;
  currentStageName: string;
  status: ProcessInstanceStatus;
  stageEnteredAt: string;
  dueAt: string | null;
  overdue: boolean;
}
export interface InstanceSearch {
  processCode?: string;
  status?: ProcessInstanceStatus;
  businessKey?: string;
  title?: string;
  overdue?: boolean;
}
export interface HistoryEntry {
  historyId: string;
  action: string;
  actionLabel: string;
  fromStage: string | null;
  fromStageName: string | null;
  toStage: string;
  toStageName: string;
  comment: string | null;
  actorId: string | null;
  actorName: string | null;
  createTime: string;
}
export interface InstanceDetail {
  instance: ProcessInstance;
  definition: ProcessDefinition;
  history: HistoryEntry[];
}
export interface AvailableAction {
  action: string;
  label: string;
  to: string;
  toName: string;
  commentRequired: boolean;
}

export const fetchDefPage = (query: PageQuery<DefSearch>, signal: AbortSignal) => postJson<Page<DefListItem>>('/rest/progress/definition/page', query, { signal });
export const fetchVersions = (processCode: string, signal?: AbortSignal) => postJson<DefVersion[]>('/rest/progress/definition/versions', { processCode }, { signal });
export const fetchDef = (defId: string, signal?: AbortSignal) => postJson<DefDetail>('/rest/progress/definition/detail', { defId }, { signal });
export const addDef = (values: DefValues & { processCode: string }) => postJson<DefDetail>('/rest/progress/definition/add', values, { silent: true });
export const updateDef = (defId: string, lockVersion: number, values: DefValues) =>
  postJson<DefDetail>('/rest/progress/definition/update', { ...values, defId, lockVersion }, { silent: true });
export const publishDef = (defId: string, lockVersion: number) => postJson<DefDetail>('/rest/progress/definition/publish', { defId, lockVersion });
export const newDefVersion = (defId: string) => postJson<DefDetail>('/rest/progress/definition/newVersion', { defId });
export const deleteDef = (defId: string, lockVersion: number) => postJson<null>('/rest/progress/definition/delete', { defId, lockVersion });

export const fetchInstancePage = (query: PageQuery<InstanceSearch>, signal: AbortSignal) =>
  postJson<Page<ProcessInstance>>('/rest/progress/instance/page', query, { signal });
export const fetchInstance = (instanceId: string, signal?: AbortSignal) => postJson<InstanceDetail>('/rest/progress/instance/detail', { instanceId }, { signal });
export const fetchActions = (instanceId: string, signal?: AbortSignal) => postJson<AvailableAction[]>('/rest/progress/instance/actions', { instanceId }, { signal });
export const actOn = (instanceId: string, lockVersion: number, action: string, comment: string | null) =>
  postJson<ProcessInstance>('/rest/progress/instance/act', { instanceId, lockVersion, action, comment }, { silent: true });
export const terminateInstance = (instanceId: string, lockVersion: number, reason: string) =>
  postJson<ProcessInstance>('/rest/progress/instance/terminate', { instanceId, lockVersion, reason }, { silent: true });

/** Roles for the transition editor's picker (needs system:role:list; without it codes are typed in). */
export const fetchRoleOptions = (signal?: AbortSignal) =>
  postJson<Array<{ roleCode: string; roleName: string }>>('/rest/role/getAllRole', {}, { signal, silent: true });

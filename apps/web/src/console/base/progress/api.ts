/** Process definitions and instances: the console's calls of the shared contracts (`@dandelion/shared/base/progress`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { definitionCalls, instanceCalls } from '@dandelion/shared/base/progress';
import { roleCalls } from '@dandelion/shared/system/role';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export const DEF_TABLE_KEY = 'base:progress:definition';
export const INSTANCE_TABLE_KEY = 'base:progress:instance';

export type DefListItem = CallData<typeof definitionCalls.page>['list'][number];
export type DefVersion = CallData<typeof definitionCalls.versions>[number];
export type DefDetail = CallData<typeof definitionCalls.detail>;
/** What every view of a version shows: the list's rows, the versions and the detail all carry it. */
export type DefSummary = DefListItem | DefVersion | DefDetail;
export type DefSearch = Omit<CallInput<typeof definitionCalls.page>, 'pageParameter'>;
export type DefValues = Omit<CallInput<typeof definitionCalls.update>, 'defId' | 'lockVersion'>;

export type ProcessInstance = CallData<typeof instanceCalls.page>['list'][number];
export type InstanceSearch = Omit<CallInput<typeof instanceCalls.page>, 'pageParameter'>;
export type InstanceDetail = CallData<typeof instanceCalls.detail>;
export type HistoryEntry = InstanceDetail['history'][number];

export const fetchDefPage = (query: PageQuery<DefSearch>, signal: AbortSignal) => call(definitionCalls.page, query, { signal });
export const fetchVersions = (processCode: string, signal?: AbortSignal) => call(definitionCalls.versions, { processCode }, { signal });
export const fetchDef = (defId: string, signal?: AbortSignal) => call(definitionCalls.detail, { defId }, { signal });
export const addDef = (values: DefValues & { processCode: string }) => call(definitionCalls.add, values, { silent: true });
export const updateDef = (defId: string, lockVersion: number, values: DefValues) => call(definitionCalls.update, { ...values, defId, lockVersion }, { silent: true });
export const publishDef = (defId: string, lockVersion: number) => call(definitionCalls.publish, { defId, lockVersion });
export const newDefVersion = (defId: string) => call(definitionCalls.newVersion, { defId });
export const deleteDef = (defId: string, lockVersion: number) => call(definitionCalls.remove, { defId, lockVersion });

export const fetchInstancePage = (query: PageQuery<InstanceSearch>, signal: AbortSignal) => call(instanceCalls.page, query, { signal });
export const fetchInstance = (instanceId: string, signal?: AbortSignal) => call(instanceCalls.detail, { instanceId }, { signal });
export const fetchActions = (instanceId: string, signal?: AbortSignal) => call(instanceCalls.actions, { instanceId }, { signal });
export const actOn = (instanceId: string, lockVersion: number, action: string, comment: string | null) =>
  call(instanceCalls.act, { instanceId, lockVersion, action, comment }, { silent: true });
export const terminateInstance = (instanceId: string, lockVersion: number, reason: string) =>
  call(instanceCalls.terminate, { instanceId, lockVersion, reason }, { silent: true });

/**
 * Roles for the transition editor's picker (needs system:role:list; without it codes are typed in).
 * Without pageParameter the role list answers every role in force as a plain array; its contract
 * also allows a page, so the rows are taken from whichever shape arrives.
 */
export const fetchRoleOptions = (signal?: AbortSignal) =>
  call(roleCalls.page, {}, { signal, silent: true }).then((answer) => (Array.isArray(answer) ? answer : answer.list));

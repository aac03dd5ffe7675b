/** Serial-number rules (/rest/serial/*); server: apps/server/src/modules/base/serial/routes.ts. */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const SERIAL_PERMISSIONS = {
  list: 'base:serial:list',
  add: 'base:serial:add',
  upd: 'base:serial:upd',
  del: 'base:serial:del',
  next: 'base:serial:next',
} as const;

export type RuleStatus = 'NORMAL' | 'DISABLED';
export const STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };

export interface SerialRule {
  ruleId: string;
  ruleCode: string;
  ruleName: string;
  prefix: string;
  datePattern: string;
  separator: string;
  seqLength: number;
  resetPeriod: string;
  step: number;
  startValue: number;
  currentValue: number | null;
  currentPeriod: string | null;
  lastTakeTime: string | null;
  status: RuleStatus;
  remark: string | null;
  /** The number 取号 would hand out next; null when the digits have run out in this period. */
  nextSample: string | null;
  createTime: string;
  updateTime: string;
  lockVersion: number;
}

export type SerialRuleValues = Pick<
  SerialRule,
  'ruleCode' | 'ruleName' | 'prefix' | 'datePattern' | 'separator' | 'seqLength' | 'resetPeriod' | 'step' | 'startValue' | 'status' | 'remark'
>;

export interface SerialSearch {
  ruleCode?: string;
  ruleName?: string;
  status?: RuleStatus;
}

export interface SerialBatch {
  ruleCode: string;
  values: string[];
  firstValue: number;
  lastValue: number;
  period: string;
}

export const SERIAL_TABLE_KEY = 'base:serial';

export const fetchSerialPage = (query: PageQuery<SerialSearch>, signal: AbortSignal) => postJson<Page<SerialRule>>('/rest/serial/page', query, { signal });
export const fetchSerialRule = (ruleId: string, signal?: AbortSignal) => postJson<SerialRule>('/rest/serial/detail', { ruleId }, { signal, silent: true });
export const addSerialRule = (values: SerialRuleValues) => postJson<SerialRule>('/rest/serial/add', values, { silent: true });
export const updateSerialRule = (ruleId: string, lockVersion: number, values: SerialRuleValues) =>
  postJson<SerialRule>('/rest/serial/update', { ...values, ruleId, lockVersion }, { silent: true });
export const updateSerialStatus = (ruleId: string, lockVersion: number, status: RuleStatus) => postJson<SerialRule>('/rest/serial/updateStatus', { ruleId, lockVersion, status });
export const deleteSerialRule = (ruleId: string, lockVersion: number) => postJson<null>('/rest/serial/delete', { ruleId, lockVersion });
export const resetSerialRule = (ruleId: string, lockVersion: number, confirmCode: string, currentValue: number | null) =>
  postJson<SerialRule>('/rest/serial/reset', { ruleId, lockVersion, confirmCode, currentValue }, { silent: true });
export const previewSerial = (ruleCode: string, count: number, signal?: AbortSignal) =>
  postJson<SerialBatch & { exhausted: boolean }>('/rest/serial/preview', { ruleCode, count }, { signal, silent: true });
export const takeSerial = (ruleCode: string, count: number) => postJson<SerialBatch>('/rest/serial/next', { ruleCode, count }, { silent: true });

/**
 * Logs (interface calls, operations, sign-ins, page views); server: apps/server/src/modules/base/log.
 * Permission codes as seeded (db/seed/functions.ts, the base block).
 */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import { downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export const REST_LOG_PERMISSIONS = { list: 'base:rest:list', detail: 'base:rest:detail', export: 'base:rest:export' } as const;
export const LOG_PERMISSIONS = { list: 'base:log:list', detail: 'base:log:detail', login: 'base:log:login', export: 'base:log:export' } as const;

/** A log list's page: total stops at the server's count cap (100 000), totalCapped says it did. */
export type LogPage<T> = Page<T> & { totalCapped?: boolean };

export interface TimeSearch {
  beginTime?: string;
  endTime?: string;
}

// ── interface calls ──
export interface RestLog {
  logId: string;
  method: string;
  path: string;
  route: string | null;
  status: number;
  code: string | null;
  durationMs: number;
  userId: string | null;
  username: string | null;
  ip: string | null;
  requestId: string | null;
  createTime: string;
}
export interface RestLogDetail extends RestLog {
  query: string | null;
  userAgent: string | null;
  requestBody: string | null;
  responseBody: string | null;
}
export interface RestLogSearch extends TimeSearch {
  username?: string;
  path?: string;
  method?: string;
  status?: number;
  statusClass?: string;
  code?: string;
  minDuration?: number;
  ip?: string;
  requestId?: string;
}
export const REST_LOG_TABLE_KEY = 'base:rest';
export const fetchRestLogPage = (query: PageQuery<RestLogSearch>, signal: AbortSignal) => postJson<LogPage<RestLog>>('/rest/restLog/getRestLogPage', query, { signal });
export const fetchRestLog = (logId: string, signal?: AbortSignal) => postJson<RestLogDetail>('/rest/restLog/getRestLogById', { logId }, { signal, silent: true });
export const exportRestLogs = (search: RestLogSearch) => downloadByPost('/rest/restLog/export', search);

// ── operations ──
export interface OperLog {
  logId: string;
  module: string;
  action: string;
  entityId: string | null;
  summary: string;
  userId: string | null;
  username: string | null;
  ip: string | null;
  requestId: string | null;
  createTime: string;
}
export interface OperLogDetail extends OperLog {
  before: unknown;
  after: unknown;
}
export interface OperLogSearch extends TimeSearch {
  username?: string;
  module?: string;
  action?: string;
  entityId?: string;
  text?: string;
}
export const OPER_LOG_TABLE_KEY = 'base:log';
export const fetchOperLogPage = (query: PageQuery<OperLogSearch>, signal: AbortSignal) => postJson<LogPage<OperLog>>('/rest/log/getOperLogPage', query, { signal });
export const fetchOperLog = (logId: string, signal?: AbortSignal) => postJson<OperLogDetail>('/rest/log/getOperLogById', { logId }, { signal, silent: true });
export const fetchOperModules = (signal?: AbortSignal) => postJson<Array<{ module: string; total: number }>>('/rest/log/getOperLogModules', {}, { signal });
export const exportOperLogs = (search: OperLogSearch) => downloadByPost('/rest/log/exportOperLog', search);

// ── sign-ins ──
export interface LoginLog {
  logId: string;
  loginName: string;
  userId: string | null;
  loginType: string;
  ip: string;
  userAgent: string | null;
  success: boolean;
  message: string | null;
  createTime: string;
}
export interface LoginLogSearch extends TimeSearch {
  loginName?: string;
  ip?: string;
  success?: boolean;
  loginType?: string;
}
export const LOGIN_LOG_TABLE_KEY = 'base:log:login';
export const fetchLoginLogPage = (query: PageQuery<LoginLogSearch>, signal: AbortSignal) => postJson<LogPage<LoginLog>>('/rest/log/getSysLoginLogPage', query, { signal });
export const exportLoginLogs = (search: LoginLogSearch) => downloadByPost('/rest/log/exportSysLoginLog', search);

// ── page views ──
export interface AccessLog {
  logId: string;
  client: 'PORTAL' | 'CONSOLE';
  path: string;
  title: string | null;
  referrer: string | null;
  userId: string | null;
  username: string | null;
  ip: string | null;
  userAgent: string | null;
  createTime: string;
}
export interface AccessLogSearch extends TimeSearch {
  client?: string;
  path?: string;
  username?: string;
  ip?: string;
}
export const ACCESS_LOG_TABLE_KEY = 'base:log:access';
export const fetchAccessLogPage = (query: PageQuery<AccessLogSearch>, signal: AbortSignal) => postJson<LogPage<AccessLog>>('/rest/log/getAccesssLogPage', query, { signal });

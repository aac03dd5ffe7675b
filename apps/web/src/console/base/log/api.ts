/**
 * Logs (interface calls, operations, sign-ins, page views): the console's calls of the shared
 * contracts (`@dandelion/shared/base/log`).
 */
import type { CallData, CallInput, CallSpec } from '@dandelion/shared';
import { accessLogCalls, operLogCalls, restLogCalls } from '@dandelion/shared/base/log';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import type { RequestOptions } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

/** A list's search fields: the page call's body without its page. */
type Search<C extends CallSpec> = Omit<CallInput<C>, 'pageParameter'>;
/** One row of a page call's answer. */
type Row<C extends CallSpec> = CallData<C> extends { list: Array<infer R> } ? R : never;

// The helpers below serve every log's calls with one loose signature; what they return is typed by the contract.
const send = call as (contract: CallSpec, input: object, options: RequestOptions) => Promise<never>;

/** A list fetcher for PagedTable over a log's page call. */
const pageOf =
  <C extends CallSpec>(contract: C) =>
  (query: PageQuery<Search<C>>, signal: AbortSignal): Promise<CallData<C>> =>
    send(contract, query, { signal });
/** A log's detail by id; the detail page shows a failure itself. */
const detailOf =
  <C extends CallSpec>(contract: C) =>
  (logId: string, signal?: AbortSignal): Promise<CallData<C>> =>
    send(contract, { logId }, { signal, silent: true });
/** An export with the list's search fields, saved as the file the server names. */
const exportOf =
  <C extends CallSpec>(contract: C) =>
  (search: CallInput<C>) =>
    downloadByPost(contract.path, search);

// ── interface calls ──
export type RestLog = Row<typeof restLogCalls.page>;
export type RestLogDetail = CallData<typeof restLogCalls.detail>;
export type RestLogSearch = Search<typeof restLogCalls.page>;
export const REST_LOG_TABLE_KEY = 'base:rest';
export const fetchRestLogPage = pageOf(restLogCalls.page);
export const fetchRestLog = detailOf(restLogCalls.detail);
export const exportRestLogs = exportOf(restLogCalls.export);

// ── operations ──
export type OperLog = Row<typeof operLogCalls.page>;
export type OperLogDetail = CallData<typeof operLogCalls.detail>;
export type OperLogSearch = Search<typeof operLogCalls.page>;
export const OPER_LOG_TABLE_KEY = 'base:log';
export const fetchOperLogPage = pageOf(operLogCalls.page);
export const fetchOperLog = detailOf(operLogCalls.detail);
export const fetchOperModules = (signal?: AbortSignal) => call(operLogCalls.modules, {}, { signal });
export const exportOperLogs = exportOf(operLogCalls.export);

// ── sign-ins ──
export type LoginLog = Row<typeof accessLogCalls.loginPage>;
export type LoginLogSearch = Search<typeof accessLogCalls.loginPage>;
export const LOGIN_LOG_TABLE_KEY = 'base:log:login';
export const fetchLoginLogPage = pageOf(accessLogCalls.loginPage);
export const exportLoginLogs = exportOf(accessLogCalls.loginExport);

// ── page views ──
export type AccessLog = Row<typeof accessLogCalls.accessPage>;
export type AccessLogSearch = Search<typeof accessLogCalls.accessPage>;
export const ACCESS_LOG_TABLE_KEY = 'base:log:access';
export const fetchAccessLogPage = pageOf(accessLogCalls.accessPage);

export type OperLogChainReport = CallData<typeof operLogCalls.verify>;
/** Walks the operation log's seal chain on the server; answers the first broken link, if any. */
export const verifyOperLogChain = () => call(operLogCalls.verify, {});

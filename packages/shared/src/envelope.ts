/** The console envelope (spec §3 Response envelope, §8). Code '0000' is success. */
export const SUCCESS_CODE = '0000';
export const UNAUTHORIZED_CODE = '401';
export const UNAUTHORIZED_MESSAGE = '未授权，请重新登录';

export interface Envelope<T = unknown> {
  code: string;
  success: boolean;
  msg: string;
  data: T;
  /** What the answer says beside its data (e.g. { captchaRequired }); `{}` when nothing, never absent (spec §3). */
  attributes: Record<string, unknown>;
}

/** The portal envelope used by public content calls (spec §3). */
export interface PortalEnvelope<T = unknown> {
  rtnCode: string;
  rtnMessage: string;
  dataSet: T;
}

/** Page request and answer (ARCHITECTURE §4). */
export interface PageParameter {
  pageNum: number;
  pageSize: number;
}
export interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** True when `total` is an estimate (big lists count exactly only up to a limit). */
  totalEstimated?: boolean;
}
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 10;

/** The SMS log (spec §7: /rest/smsService/*); server: apps/server/src/modules/message/sms/routes.ts. */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import { downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export const SMS_PERMISSIONS = {
  list: 'message:sms:list',
  del: 'message:sms:del',
  export: 'message:sms:export',
} as const;

export type SmsStatus = 'SENT' | 'FAILED';

/** One logged message. The content of a verification code reads ****** once the code is spent. */
export interface SmsLog {
  id: string;
  phone: string;
  content: string;
  purpose: string;
  provider: string;
  status: SmsStatus | string;
  error: string | null;
  ip: string | null;
  /** ISO 8601 instant. */
  createTime: string;
}

/** The filters getSmsByPage accepts; times are ISO instants, both ends included. */
export interface SmsSearch {
  phone?: string;
  purpose?: string;
  status?: SmsStatus;
  beginTime?: string;
  endTime?: string;
}

export const SMS_STATUS_LABELS: Readonly<Record<SmsStatus, string>> = { SENT: '发送成功', FAILED: '发送失败' };

/** The purposes the server sends messages for: its CODE_PURPOSES, and TEMPLATE for template sending. */
export const SMS_PURPOSE_LABELS: Readonly<Record<string, string>> = {
  LOGIN: '登录',
  REGISTER: '注册',
  RESET_PASSWORD: '找回密码',
  BIND_PHONE: '绑定手机',
  TEMPLATE: '模板消息',
};

/** LOG only writes the message to the log; WEBHOOK hands it to the configured gateway. */
export const SMS_PROVIDER_LABELS: Readonly<Record<string, string>> = { LOG: '仅记录', WEBHOOK: '短信网关' };

export const SMS_TABLE_KEY = 'message:sms';

export function fetchSmsPage(query: PageQuery<SmsSearch>, signal: AbortSignal): Promise<Page<SmsLog>> {
  return postJson<Page<SmsLog>>('/rest/smsService/getSmsByPage', query, { signal });
}

export function deleteSms(id: string): Promise<null> {
  return postJson<null>('/rest/smsService/deleteSmsById', { id });
}

export function deleteSmsBatch(ids: readonly string[]): Promise<{ deleted: number }> {
  return postJson<{ deleted: number }>('/rest/smsService/deleteSmsByIds', { ids });
}

/** The filtered log as Excel; verification codes are masked in the file. */
export function exportSms(search: SmsSearch) {
  return downloadByPost('/rest/smsService/exportSms', search);
}

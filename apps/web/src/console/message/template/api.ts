/** Message templates (spec §7 /rest/templateService/*); server: apps/server/src/modules/message/template/. */
import type { Page } from '@dandelion/shared';
import type { MessageChannel } from '@dandelion/shared/message/template';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';
import type { DirectoryUser } from '../notice/api';

export { TEMPLATE_PERMISSIONS } from '@dandelion/shared/message/template';

export const TEMPLATE_TABLE_KEY = 'message:template';
export const SEND_LOG_TABLE_KEY = 'message:template:log';
export const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
export const STATUS_LABELS: Readonly<Record<string, string>> = { NORMAL: '正常', DISABLED: '停用' };
export const SMS_TEMPLATE_MAX = 500;

export interface Template {
  templateId: string;
  templateCode: string;
  templateName: string;
  channel: MessageChannel;
  title: string | null;
  content: string;
  sampleValues: Record<string, string>;
  variables: string[];
  status: 'NORMAL' | 'DISABLED';
  remark: string | null;
  createTime: string;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

export type TemplateValues = Pick<Template, 'templateCode' | 'templateName' | 'channel' | 'title' | 'content' | 'sampleValues' | 'status' | 'remark'>;

export interface TemplateSearch {
  templateCode?: string;
  templateName?: string;
  channel?: MessageChannel;
  status?: string;
}

export interface SendLog {
  logId: string;
  templateId: string;
  templateCode: string;
  channel: MessageChannel;
  batchId: string;
  userId: string | null;
  recipientName: string | null;
  address: string | null;
  title: string | null;
  content: string;
  status: 'SENT' | 'FAILED';
  error: string | null;
  provider: string;
  createTime: string;
  createBy: string | null;
}

export interface SendLogSearch {
  templateId?: string;
  channel?: MessageChannel;
  status?: 'SENT' | 'FAILED';
  keyword?: string;
  beginTime?: string;
  endTime?: string;
}

export interface SendResult {
  batchId: string;
  total: number;
  sent: number;
  failed: number;
}

export const fetchTemplatePage = (query: PageQuery<TemplateSearch>, signal: AbortSignal) =>
  postJson<Page<Template>>('/rest/templateService/getTemplateByPage', query, { signal });
export const fetchTemplate = (templateId: string, signal?: AbortSignal) =>
  postJson<Template>('/rest/templateService/getTemplateById', { templateId }, { signal, silent: true });
export const addTemplate = (values: TemplateValues) => postJson<Template>('/rest/templateService/addTemplate', values, { silent: true });
export const updateTemplate = (templateId: string, lockVersion: number, values: TemplateValues) =>
  postJson<Template>('/rest/templateService/updateTemplate', { ...values, templateId, lockVersion }, { silent: true });
export const deleteTemplate = (templateId: string, lockVersion: number) =>
  postJson<null>('/rest/templateService/deleteTemplateById', { templateId, lockVersion });
export const deleteTemplates = (ids: readonly string[]) => postJson<{ deleted: number }>('/rest/templateService/deleteTemplateByIds', { ids });
/** Sends without a toast on refusal: the send dialog shows the message (the variables it names) in place. */
export const sendTemplate = (body: { templateId: string; userIds: string[]; values: Record<string, string> }) =>
  postJson<SendResult>('/rest/templateService/sendMsg', body, { silent: true });
export const fetchSendLogPage = (query: PageQuery<SendLogSearch>, signal: AbortSignal) =>
  postJson<Page<SendLog>>('/rest/templateService/getSendLogByPage', query, { signal });
export const searchRecipients = (body: { keyword?: string; userIds?: string[] }, signal?: AbortSignal) =>
  postJson<DirectoryUser[]>('/rest/templateService/searchRecipients', body, { signal, silent: true });

/** Message templates (spec §7 /rest/templateService/*): the console's calls of the shared contract (`@dandelion/shared/message/template`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { templateCalls } from '@dandelion/shared/message/template';
import { call } from '../../../api/call';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';
import type { PageQuery } from '../../../components/PagedTable';

export { SMS_TEMPLATE_MAX, TEMPLATE_PERMISSIONS } from '@dandelion/shared/message/template';

export const TEMPLATE_TABLE_KEY = 'message:template';
export const SEND_LOG_TABLE_KEY = 'message:template:log';

export const templateApi = recordApi(templateCalls);
export type Template = RecordRow<typeof templateCalls>;
export type TemplateFormValues = RecordValues<typeof templateCalls>;
export type TemplateSearch = RecordSearch<typeof templateCalls>;
export type SendLog = CallData<typeof templateCalls.logPage>['list'][number];
export type SendLogSearch = Omit<CallInput<typeof templateCalls.logPage>, 'pageParameter'>;

/** Sends without a toast on refusal: the send dialog shows the message (the variables it names) in place. */
export const sendTemplate = (body: CallInput<typeof templateCalls.send>) => call(templateCalls.send, body, { silent: true });
export const fetchSendLogPage = (query: PageQuery<SendLogSearch>, signal: AbortSignal) => call(templateCalls.logPage, query, { signal });
export const searchRecipients = (body: CallInput<typeof templateCalls.searchRecipients>, signal?: AbortSignal) =>
  call(templateCalls.searchRecipients, body, { signal, silent: true });

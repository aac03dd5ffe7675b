/** The SMS log (spec §7 /rest/smsService/*): the console's calls of the shared contract (`@dandelion/shared/message/sms`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { smsCalls } from '@dandelion/shared/message/sms';
import { call } from '../../../api/call';
import { downloadByPost } from '../../../api/download';
import type { PageQuery } from '../../../components/PagedTable';

export { SMS_PERMISSIONS, SMS_PROVIDER_LABELS, SMS_PURPOSE_LABELS, SMS_STATUS_LABELS, type SmsStatus } from '@dandelion/shared/message/sms';

/** One logged message. The content of a verification code reads ****** once the code is spent. */
export type SmsLog = CallData<typeof smsCalls.page>['list'][number];
/** The filters getSmsByPage accepts; times are ISO instants, both ends included. */
export type SmsSearch = Omit<CallInput<typeof smsCalls.page>, 'pageParameter'>;

export const SMS_TABLE_KEY = 'message:sms';

export const fetchSmsPage = (query: PageQuery<SmsSearch>, signal: AbortSignal) => call(smsCalls.page, query, { signal });
export const deleteSms = (id: string) => call(smsCalls.remove, { id });
export const deleteSmsBatch = (ids: readonly string[]) => call(smsCalls.removeMany, { ids: [...ids] });
/** The filtered log as Excel; verification codes are masked in the file. */
export const exportSms = (search: SmsSearch) => downloadByPost(smsCalls.export.path, search);

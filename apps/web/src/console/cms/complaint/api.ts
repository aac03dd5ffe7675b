/** Complaints back office: the console's calls of the shared contract (`@dandelion/shared/cms/complaint`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { complaintCalls } from '@dandelion/shared/cms/complaint';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type Complaint = CallData<typeof complaintCalls.detail>;
export type ComplaintSearch = Omit<CallInput<typeof complaintCalls.page>, 'pageParameter'>;

export const COMPLAINT_TABLE_KEY = 'cms:complaint';

export const fetchComplaintPage = (query: PageQuery<ComplaintSearch>, signal: AbortSignal) => call(complaintCalls.page, query, { signal });
export const fetchComplaint = (complaintId: string, signal?: AbortSignal) => call(complaintCalls.detail, { complaintId }, { signal, silent: true });
export const replyComplaint = (complaintId: string, lockVersion: number, reply: string) =>
  call(complaintCalls.reply, { complaintId, lockVersion, reply }, { silent: true });
export const closeComplaint = (complaintId: string, lockVersion: number) => call(complaintCalls.close, { complaintId, lockVersion });
export const deleteComplaint = (complaintId: string, lockVersion: number) => call(complaintCalls.remove, { complaintId, lockVersion });

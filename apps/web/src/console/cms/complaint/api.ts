/** Complaints back office (spec §7 /rest/complain/*); server: apps/server/src/modules/cms/complaint/. */
import type { ComplaintStatus, Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const COMPLAINT_PERMISSIONS = {
  list: 'cms:complaint:list',
  detail: 'cms:complaint:detail',
  reply: 'cms:complaint:reply',
  close: 'cms:complaint:close',
  del: 'cms:complaint:del',
} as const;

export const COMPLAINT_TABLE_KEY = 'cms:complaint';

export interface Complaint {
  complaintId: string;
  siteId: string;
  title: string;
  content: string;
  complainantName: string;
  contact: string;
  email: string | null;
  userId: string | null;
  ip: string | null;
  status: ComplaintStatus;
  reply: string | null;
  replyTime: string | null;
  replyBy: string | null;
  createTime: string;
  updateTime: string;
  updateBy: string | null;
  lockVersion: number;
}

export interface ComplaintSearch {
  keyword?: string;
  status?: ComplaintStatus;
  beginTime?: string;
  endTime?: string;
}

export const fetchComplaintPage = (query: PageQuery<ComplaintSearch>, signal: AbortSignal) =>
  postJson<Page<Complaint>>('/rest/complain/getComplainPage', query, { signal });
export const fetchComplaint = (complaintId: string, signal?: AbortSignal) =>
  postJson<Complaint>('/rest/complain/detail', { complaintId }, { signal, silent: true });
export const replyComplaint = (complaintId: string, lockVersion: number, reply: string) =>
  postJson<Complaint>('/rest/complain/reply', { complaintId, lockVersion, reply }, { silent: true });
export const closeComplaint = (complaintId: string, lockVersion: number) => postJson<Complaint>('/rest/complain/close', { complaintId, lockVersion });
export const deleteComplaint = (complaintId: string, lockVersion: number) => postJson<null>('/rest/complain/delete', { complaintId, lockVersion });

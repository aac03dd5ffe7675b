/** 投诉建议 from the portal (spec §7 /rest/complain/addComplain): anonymous, guarded by an image captcha. */
import { postJson } from '../../api/http';

export interface ComplaintInput {
  title: string;
  content: string;
  complainantName: string;
  contact: string;
  email?: string;
  captchaKey: string;
  captchaCode: string;
}

/** Files a complaint; the form shows refusals itself (wrong captcha, too many submissions). */
export function addComplaint(input: ComplaintInput): Promise<{ complaintId: string }> {
  return postJson<{ complaintId: string }>('/rest/complain/addComplain', input, { silent: true });
}

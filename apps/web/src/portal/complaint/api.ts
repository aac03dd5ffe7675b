/** 投诉建议 from the portal (spec §7 /rest/complain/addComplain): anonymous, guarded by an image captcha. */
import type { CallData, CallInput } from '@dandelion/shared';
import { complaintCalls } from '@dandelion/shared/cms/complaint';
import { call } from '../../api/call';

export type ComplaintInput = CallInput<typeof complaintCalls.submit>;

/** Files a complaint; the form shows refusals itself (wrong captcha, too many submissions). */
export function addComplaint(input: ComplaintInput): Promise<CallData<typeof complaintCalls.submit>> {
  return call(complaintCalls.submit, input, { silent: true });
}

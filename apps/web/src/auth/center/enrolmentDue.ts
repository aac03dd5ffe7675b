import { twoFactorCalls } from '@dandelion/shared/auth/twoFactor';
import { call } from '../../api/call';

/** Where the console sends a user the setting requires two-factor sign-in of, until they enrol. */
export const ENROLMENT_PATH = '/center?tab=security';

/**
 * Whether the setting requires two-factor sign-in of this user and they have not enrolled yet (the
 * server refuses their other console calls with 403 请先开启两步验证 until then). A failed check answers
 * false: the server still guards. The call is made here, not through ./twoFactorApi: the console's gate
 * asks it on every console start-up, and twoFactorApi brings the whole sign-in request layer (api/auth).
 */
export async function isEnrolmentDue(): Promise<boolean> {
  try {
    const status = await call(twoFactorCalls.getStatus, undefined, { silent: true });
    return status.due;
  } catch {
    return false;
  }
}

/** `to`, or the enrolment page when the user must enrol first. */
export async function unlessEnrolmentDue(to: string): Promise<string> {
  return (await isEnrolmentDue()) ? ENROLMENT_PATH : to;
}

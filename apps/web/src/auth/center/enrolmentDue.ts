import { twoFactorCalls } from '@dandelion/shared/auth/twoFactor';
import { call } from '../../api/call';

/** Where the console sends a user the setting requires two-factor sign-in of, until they enrol. */
export const ENROLMENT_PATH = '/center?tab=security';

/**
 * `to`, or the enrolment page when the user must enrol first (the server refuses their other console
 * calls with 403 请先开启两步验证 until then). A failed check changes nothing: the server still guards.
 * The call is made here, not through ./twoFactorApi: the console's gate runs this on every console
 * start-up, and twoFactorApi brings the whole sign-in request layer (api/auth) with it.
 */
export async function unlessEnrolmentDue(to: string): Promise<string> {
  try {
    const status = await call(twoFactorCalls.getStatus, undefined, { silent: true });
    return status.due ? ENROLMENT_PATH : to;
  } catch {
    return to;
  }
}

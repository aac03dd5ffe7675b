import type { twoFactorCalls } from '@dandelion/shared/auth/twoFactor';
import { callByRoute, type CallRoute } from '../../api/callByRoute';

// By route, types only: the start-up loads no schema, nor zod, for it (api/callByRoute.ts).
const STATUS: CallRoute<typeof twoFactorCalls.getStatus> = { method: 'POST', path: '/rest/twoFactor/getStatus' };

/** Where the console sends a user the setting requires two-factor sign-in of, until they enrol. */
export const ENROLMENT_PATH = '/center?tab=security';

/**
 * `to`, or the enrolment page when the user must enrol first (the server refuses their other console
 * calls with 403 请先开启两步验证 until then). A failed check changes nothing: the server still guards.
 * The call is made here, not through ./twoFactorApi: the console's gate runs this on every console
 * start-up, and twoFactorApi brings the whole sign-in request layer (api/auth) with it.
 */
export async function unlessEnrolmentDue(to: string, due: Promise<boolean> = isEnrolmentDue()): Promise<string> {
  return (await due) ? ENROLMENT_PATH : to;
}

/**
 * Whether the setting requires the user to enrol before anything else; false when the check fails.
 * The console's start asks it beside the console data, before it knows where the user will land.
 */
export async function isEnrolmentDue(): Promise<boolean> {
  try {
    return (await callByRoute(STATUS, undefined, { silent: true })).due;
  } catch {
    return false;
  }
}

import { STORAGE_NAMESPACE } from '@dandelion/shared';

/**
 * CAS returns to the fixed service URL (/login?sso=cas), so the page to go to afterwards is kept
 * in sessionStorage (this tab only) across the round trip.
 */
const SSO_REDIRECT_KEY = `${STORAGE_NAMESPACE}ssoRedirect`;

export function rememberSsoRedirect(redirect: string | null): void {
  try {
    if (redirect) sessionStorage.setItem(SSO_REDIRECT_KEY, redirect);
    else sessionStorage.removeItem(SSO_REDIRECT_KEY);
  } catch {
    // storage disabled: the user lands on the default page
  }
}

export function takeSsoRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(SSO_REDIRECT_KEY);
    sessionStorage.removeItem(SSO_REDIRECT_KEY);
    return value;
  } catch {
    return null;
  }
}

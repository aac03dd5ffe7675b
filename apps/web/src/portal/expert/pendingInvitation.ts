/**
 * An invitation opened while signed out, kept for this browser tab: the login page returns to the
 * link by itself, but registration lands on /center, where the 专家信息 tab offers to go back to it.
 */
const KEY = 'dandelion__expert_invitation';

export function rememberInvitation(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // storage refused (private mode): the link still works when opened again
  }
}

export function pendingInvitation(): string | null {
  try {
    return sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function forgetInvitation(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

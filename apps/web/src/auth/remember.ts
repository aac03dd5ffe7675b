import { STORAGE_NAMESPACE } from '@dandelion/shared';

/** 记住我: the login name (user name or phone) and tab of the last sign-in, to prefill the form. */
export interface RememberedLogin {
  tab: 'account' | 'phone';
  name: string;
}

const REMEMBER_KEY = `${STORAGE_NAMESPACE}remember`;

export function readRememberedLogin(): RememberedLogin | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(REMEMBER_KEY) ?? 'null');
    if (value && typeof value === 'object') {
      const { tab, name } = value as Record<string, unknown>;
      if ((tab === 'account' || tab === 'phone') && typeof name === 'string') return { tab, name };
    }
  } catch {
    // unreadable entry or storage disabled: nothing remembered
  }
  return null;
}

export function writeRememberedLogin(value: RememberedLogin | null): void {
  try {
    if (value) localStorage.setItem(REMEMBER_KEY, JSON.stringify(value));
    else localStorage.removeItem(REMEMBER_KEY);
  } catch {
    // storage disabled: remembering is a convenience only
  }
}

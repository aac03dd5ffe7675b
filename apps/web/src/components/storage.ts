/**
 * Widget preferences and caches in localStorage, under the app's 'dandelion__' namespace (spec §9),
 * so that sign-out — which drops every namespaced key but the device preferences — drops these too.
 */
import { STORAGE_NAMESPACE } from '@dandelion/shared';

function store(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame): widgets work, they just forget
  }
}

/** The full key of a widget entry: 'table:sms' → 'dandelion__table:sms'. */
export const storageKey = (key: string): string => `${STORAGE_NAMESPACE}${key}`;

/** The parsed entry, or null when absent, unreadable or refused by `accept`. */
export function readStored<T>(key: string, accept: (value: unknown) => value is T): T | null {
  const raw = store()?.getItem(storageKey(key));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return accept(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    store()?.setItem(storageKey(key), JSON.stringify(value));
  } catch {
    // quota exceeded: a preference not remembered is not worth an error
  }
}

export function removeStored(key: string): void {
  store()?.removeItem(storageKey(key));
}

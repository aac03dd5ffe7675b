import { create } from 'zustand';
import { SESSION_LIFETIME_MS, STORAGE_NAMESPACE, type CallData } from '@dandelion/shared';
import type { signInCalls } from '@dandelion/shared/auth/signIn';
import { useConsoleStore } from './consoleStore';

/**
 * The signed-in user as the sign-in call answers it (spec §3 User info). Every field is optional
 * because a session stored by an older build, or opened by single sign-on, may lack some.
 */
export type SessionUser = Partial<Extract<CallData<typeof signInCalls.signIn>, { token: string }>['userInfo']> & { [field: string]: unknown };

/** How the session was opened; a CAS session signs out through the CAS server too (spec §4 Logout). */
export type SignInMethod = 'password' | 'sms' | 'cas' | 'oauth';

export interface Session {
  token: string;
  userInfo: SessionUser;
  /** Epoch milliseconds after which the stored session is discarded. */
  expiresAt: number;
  method?: SignInMethod;
}

/** localStorage key of the session: 'dandelion__session' (spec §9). */
export const SESSION_KEY = `${STORAGE_NAMESPACE}session`;

/**
 * Namespaced keys that outlive a sign-out: 记住我 is a device preference, not user data.
 * Everything else under 'dandelion__' (session, cached dictionaries, roles…) belongs to the
 * signed-in user and is removed with the session (spec §4 Logout).
 */
// The trusted-device tokens of two-factor sign-in (api/trustedDevice.ts) belong to the browser, not the session.
const DEVICE_KEYS = new Set([`${STORAGE_NAMESPACE}remember`, `${STORAGE_NAMESPACE}trustedDevices`]);

function clearUserData(store: Storage | null): void {
  if (!store) return;
  const keys: string[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (key?.startsWith(STORAGE_NAMESPACE) && !DEVICE_KEYS.has(key)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // storage disabled (privacy mode, sandboxed frame)
  }
}

function isSession(value: unknown): value is Session {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.token === 'string' && typeof v.expiresAt === 'number' && !!v.userInfo && typeof v.userInfo === 'object';
}

/** The stored session, or null when there is none, it is unreadable or it has expired. */
export function readSession(now = Date.now()): Session | null {
  const store = storage();
  const raw = store?.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isSession(parsed) && parsed.expiresAt > now) return parsed;
  } catch {
    // fall through: a corrupt entry is dropped like an expired one
  }
  store?.removeItem(SESSION_KEY);
  return null;
}

interface SessionState {
  session: Session | null;
  /** Stores token and user for the 7-day session lifetime (spec §9). */
  signIn(token: string, userInfo: SessionUser, method?: SignInMethod): void;
  /** Ends the session locally: token, user and every cached per-user entry (dictionaries, roles). */
  signOut(): void;
  /** Replaces the stored user (after /api/user/info answered fresher data). */
  updateUser(userInfo: SessionUser): void;
}

/** The session store; components read it, the request layer reads the token through `currentToken`. */
export const useSessionStore = create<SessionState>()((set) => ({
  session: readSession(),
  signIn(token, userInfo, method) {
    const session: Session = { token, userInfo, expiresAt: Date.now() + SESSION_LIFETIME_MS, ...(method ? { method } : {}) };
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
    // A new session (possibly another user) loads its own menu and permissions.
    useConsoleStore.getState().reset();
    set({ session });
  },
  signOut() {
    clearUserData(storage());
    // Spec §4 Logout: the permission list is reset with the session.
    useConsoleStore.getState().reset();
    set({ session: null });
  },
  updateUser(userInfo) {
    const current = readSession();
    if (!current) return;
    const session: Session = { ...current, userInfo: { ...current.userInfo, ...userInfo } };
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
    set({ session });
  },
}));

/** The name to greet the user by. */
export function displayName(user: SessionUser | null | undefined): string {
  return user?.realname || user?.userRealName || user?.nickName || user?.username || '我的账号';
}

/** The token to send as `authorization`: read from storage, so a sign-out in another tab counts. */
export function currentToken(): string | undefined {
  return readSession()?.token;
}

import { create } from 'zustand';
import { SESSION_LIFETIME_MS, STORAGE_NAMESPACE } from '@dandelion/shared';

/** The signed-in user as the login call returns it (spec §3 User info); the server may add fields. */
export interface SessionUser {
  userId?: string;
  username?: string;
  realname?: string;
  nickName?: string;
  avatar?: string;
  [field: string]: unknown;
}

export interface Session {
  token: string;
  userInfo: SessionUser;
  /** Epoch milliseconds after which the stored session is discarded. */
  expiresAt: number;
}

/** localStorage key of the session: 'dandelion__session' (spec §9). */
export const SESSION_KEY = `${STORAGE_NAMESPACE}session`;

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
  signIn(token: string, userInfo: SessionUser): void;
  signOut(): void;
}

/** The session store; components read it, the request layer reads the token through `currentToken`. */
export const useSessionStore = create<SessionState>()((set) => ({
  session: readSession(),
  signIn(token, userInfo) {
    const session: Session = { token, userInfo, expiresAt: Date.now() + SESSION_LIFETIME_MS };
    storage()?.setItem(SESSION_KEY, JSON.stringify(session));
    set({ session });
  },
  signOut() {
    storage()?.removeItem(SESSION_KEY);
    set({ session: null });
  },
}));

/** The token to send as `authorization`: read from storage, so a sign-out in another tab counts. */
export function currentToken(): string | undefined {
  return readSession()?.token;
}

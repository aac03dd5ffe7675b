import { useCallback, useEffect, useRef, useState } from 'react';
import { STORAGE_NAMESPACE } from '@dandelion/shared';
import { isAbortError } from '../../../api/http';
import { useSessionStore } from '../../../api/session';
import { useConsoleStore } from '../../../api/consoleStore';
import { fetchHeaderNotice, type HeaderNotice } from './api';

/*
 * The header's unread count without a reload (docs/messaging.md, "Unread count"):
 * - a visible tab asks the server every POLL_MS; after a failure it waits twice as long each time,
 *   up to MAX_BACKOFF_MS, and goes back to POLL_MS after a success;
 * - a hidden tab does not poll; it asks once as soon as it is shown again;
 * - every answer is shared with the user's other tabs (BroadcastChannel, or the storage event where
 *   there is none), so all tabs show the same count without each asking;
 * - reading something (a notice opened, 全部已读) asks at once, here and in the other tabs.
 */

export const POLL_MS = 20_000;
export const MAX_BACKOFF_MS = 300_000;
export const UNREAD_CHANNEL = `${STORAGE_NAMESPACE}unread`;

type FeedMessage = { type: 'snapshot'; userId: string | undefined; data: HeaderNotice } | { type: 'changed'; userId: string | undefined };

/** The wait after `failures` failures in a row: POLL_MS doubled each time, never more than MAX_BACKOFF_MS. */
export function backoffDelay(failures: number): number {
  return Math.min(MAX_BACKOFF_MS, POLL_MS * 2 ** Math.max(0, failures));
}

const localListeners = new Set<() => void>();

/** A cross-tab channel: BroadcastChannel where the browser has it, else a localStorage key whose changes other tabs hear. */
function openChannel(onMessage: (message: FeedMessage) => void) {
  if (typeof BroadcastChannel === 'function') {
    const channel = new BroadcastChannel(UNREAD_CHANNEL);
    channel.onmessage = (event: MessageEvent<FeedMessage>) => onMessage(event.data);
    return { post: (message: FeedMessage) => channel.postMessage(message), close: () => channel.close() };
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key !== UNREAD_CHANNEL || !event.newValue) return;
    try {
      onMessage((JSON.parse(event.newValue) as { message: FeedMessage }).message);
    } catch {
      // another version's value: ignore
    }
  };
  window.addEventListener('storage', onStorage);
  return {
    // The timestamp makes each write a change, so the same message twice is still heard.
    post: (message: FeedMessage) => {
      try {
        localStorage.setItem(UNREAD_CHANNEL, JSON.stringify({ message, at: Date.now() }));
      } catch {
        // storage disabled: this tab still updates itself
      }
    },
    close: () => window.removeEventListener('storage', onStorage),
  };
}

let announce: ((message: FeedMessage) => void) | null = null;

/** Something was read (or unread) here: every bell, in this tab and the others, asks again now. */
export function announceReadChange(): void {
  localListeners.forEach((listener) => listener());
  announce?.({ type: 'changed', userId: useSessionStore.getState().session?.userInfo.userId });
}

/** The newest unread notices and messages and their count, kept current as described above. */
export function useUnreadFeed(): { data: HeaderNotice | null; refresh: () => void } {
  const [data, setData] = useState<HeaderNotice | null>(null);
  const setUnreadCount = useConsoleStore((s) => s.setUnreadCount);
  const userId = useSessionStore((s) => s.session?.userInfo.userId);
  // Nobody signed in (the console is going away): nothing to ask, and asking would only answer 401.
  const signedIn = useSessionStore((s) => !!s.session?.token);
  const runRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!signedIn) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | null = null;
    let failures = 0;
    let stopped = false;

    const apply = (next: HeaderNotice) => {
      setData(next);
      setUnreadCount(next.unreadCount);
    };
    const schedule = (ms: number) => {
      clearTimeout(timer);
      if (!stopped) timer = setTimeout(run, ms);
    };
    const channel = openChannel((message) => {
      if (message.userId !== userId) return;
      if (message.type === 'changed') run();
      else {
        // Another tab just asked: take its answer and wait a full interval before asking ourselves.
        apply(message.data);
        failures = 0;
        schedule(POLL_MS);
      }
    });
    announce = channel.post;

    async function run() {
      clearTimeout(timer);
      if (stopped) return;
      if (document.visibilityState === 'hidden') return; // asked again when shown
      controller?.abort();
      const mine = new AbortController();
      controller = mine;
      try {
        const next = await fetchHeaderNotice(mine.signal);
        if (stopped || controller !== mine) return;
        failures = 0;
        apply(next);
        channel.post({ type: 'snapshot', userId, data: next });
        schedule(POLL_MS);
      } catch (error) {
        if (stopped || controller !== mine || isAbortError(error)) return;
        failures += 1;
        schedule(backoffDelay(failures));
      }
    }
    runRef.current = () => void run();

    const onVisible = () => {
      if (document.visibilityState === 'visible') void run();
    };
    document.addEventListener('visibilitychange', onVisible);
    const onLocal = () => void run();
    localListeners.add(onLocal);
    void run();
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller?.abort();
      channel.close();
      if (announce === channel.post) announce = null;
      localListeners.delete(onLocal);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [userId, signedIn, setUnreadCount]);

  const refresh = useCallback(() => runRef.current(), []);
  return { data, refresh };
}

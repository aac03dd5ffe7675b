/**
 * The request layer's toast channel (spec §8: failures are shown to the user). The layer itself has
 * no React context, so it cannot reach antd's `App.useApp().message`; the antd scope hands a notifier
 * in (api/notifyAntd.ts) once its chunk has arrived. Notices raised before that (a call failing
 * during the first paint) wait in a short queue and are shown when the notifier is installed.
 * This file imports no antd: it is part of the start-up.
 */

export type NoticeLevel = 'error' | 'warning';

export interface Notice {
  level: NoticeLevel;
  message: string;
  /**
   * Same key, same toast: parallel calls failing for one reason (a dead network, an expired
   * session, a query retried) replace one toast instead of stacking several.
   */
  key: string;
}

export type ErrorNotifier = (notice: Notice) => void;

let notifier: ErrorNotifier | null = null;

/** At most this many notices wait for the notifier (one per key, the latest wins). */
const PENDING_LIMIT = 5;
let pending: Notice[] = [];

/**
 * Installs the function that shows request failures and hands it the notices that were waiting;
 * returns a function restoring the previous one.
 */
export function setErrorNotifier(next: ErrorNotifier | null): () => void {
  const previous = notifier;
  notifier = next;
  if (next) {
    const waiting = pending;
    pending = [];
    waiting.forEach(next);
  }
  return () => {
    if (notifier === next) notifier = previous;
  };
}

/** Shows a notice through the installed notifier, or keeps it until one is installed. */
export function notify(level: NoticeLevel, message: string, key = message): void {
  const notice = { level, message, key };
  if (notifier) return notifier(notice);
  pending = [...pending.filter((n) => n.key !== key), notice].slice(-PENDING_LIMIT);
}

/** The subset of antd's message API the adapter needs. */
interface MessageLike {
  open(config: { type: NoticeLevel; content: string; key: string }): unknown;
}

/** Adapts antd's message instance (from `App.useApp()`) to a notifier. */
export function antdNotifier(messageApi: MessageLike): ErrorNotifier {
  return ({ level, message, key }) => {
    messageApi.open({ type: level, content: message, key });
  };
}

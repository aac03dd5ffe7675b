/**
 * The request layer's toast channel (spec §8: failures are shown to the user). The layer itself has
 * no React context, so it cannot reach antd's `App.useApp().message`; the app shell hands a notifier
 * in once, and until then (tests, the first paint) notices are simply dropped.
 */
import { useEffect } from 'react';
import { App } from 'antd';

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

/** Installs the function that shows request failures; returns a function restoring the previous one. */
export function setErrorNotifier(next: ErrorNotifier | null): () => void {
  const previous = notifier;
  notifier = next;
  return () => {
    if (notifier === next) notifier = previous;
  };
}

/** Shows a notice through the installed notifier, if any. */
export function notify(level: NoticeLevel, message: string, key = message): void {
  notifier?.({ level, message, key });
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

/**
 * Wires request-failure toasts to antd's context-aware message for as long as the calling component
 * is mounted. Call it once, inside antd's `<App>` (the root route).
 */
export function useRequestErrorToasts(): void {
  const { message } = App.useApp();
  useEffect(() => setErrorNotifier(antdNotifier(message)), [message]);
}

import { useEffect } from 'react';
import { App } from 'antd';
import { antdNotifier, setErrorNotifier } from './notify';

/**
 * Wires request-failure toasts to antd's context-aware message for as long as the calling component
 * is mounted. Call it once, inside antd's `<App>` (app/AntdScope.tsx). Apart from notify.ts so the
 * start-up, which raises notices, does not load antd to do so.
 */
export function useRequestErrorToasts(): void {
  const { message } = App.useApp();
  useEffect(() => setErrorNotifier(antdNotifier(message)), [message]);
}

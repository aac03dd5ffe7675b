import { useEffect } from 'react';
import { App } from 'antd';
import { errorMessage } from '../../api/http';

/**
 * Spec §2/§8: a content widget's load failure shows the rejection's message in a toast, once per
 * failure (a refetch that fails again is a new error object and toasts again).
 */
export function useLoadErrorToast(error: unknown) {
  const { message } = App.useApp();
  useEffect(() => {
    if (error) void message.error(errorMessage(error));
  }, [error, message]);
}

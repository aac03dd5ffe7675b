import { useEffect } from 'react';
import { errorMessage } from '../../api/http';
import { toast } from './light/toast';

/**
 * Spec §2/§8: a content widget's load failure shows the rejection's message in a toast, once per
 * failure (a refetch that fails again is a new error object and toasts again). The portal's own light toast:
 * a page's failure does not load antd's message.
 */
export function useLoadErrorToast(error: unknown) {
  useEffect(() => {
    if (error) toast('error', errorMessage(error));
  }, [error]);
}

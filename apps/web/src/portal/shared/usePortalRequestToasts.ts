import { useEffect } from 'react';
import { setErrorNotifier } from '../../api/notify';
import { toast } from './light/toast';

/**
 * The request layer's failure notices (spec §8) on the portal: shown with the light toast, so that the portal's
 * pages need no antd message to say a call failed. Same key, same toast, as with antd's message in the console.
 */
export function usePortalRequestToasts(): void {
  useEffect(() => setErrorNotifier(({ level, message, key }) => toast(level, message, key)), []);
}

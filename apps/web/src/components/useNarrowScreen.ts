import { useMediaQuery } from './useMediaQuery';

/** Below antd's md breakpoint: a phone held upright. */
export const NARROW_QUERY = '(max-width: 767.98px)';

/** Whether the screen is too narrow for a panel beside the list (re-renders when that changes). */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_QUERY);
}

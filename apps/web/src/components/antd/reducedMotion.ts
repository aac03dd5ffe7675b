import type { ThemeConfig } from 'antd';
import { useMediaQuery } from '../useMediaQuery';

/** Whether the user asked the system for less motion; follows the setting when it changes. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}

/**
 * The theme with antd's motion off when the user prefers less of it (WCAG 2.3.3): dialogs, drawers, menus and
 * dropdowns then appear and go at once instead of zooming and sliding. Our own components do the same in CSS.
 */
export function withMotionPreference(theme: ThemeConfig, reducedMotion: boolean): ThemeConfig {
  return reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}

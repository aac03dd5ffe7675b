import { useSyncExternalStore } from 'react';
import type { ThemeConfig } from 'antd';

const QUERY = '(prefers-reduced-motion: reduce)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

function subscribe(onChange: () => void): () => void {
  const query = mediaQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the user asked the system for less motion; follows the setting when it changes. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => mediaQuery()?.matches ?? false, () => false);
}

/**
 * The theme with antd's motion off when the user prefers less of it (WCAG 2.3.3): dialogs, drawers, menus and
 * dropdowns then appear and go at once instead of zooming and sliding. Our own components do the same in CSS.
 */
export function withMotionPreference(theme: ThemeConfig, reducedMotion: boolean): ThemeConfig {
  return reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme;
}

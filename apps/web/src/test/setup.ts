/**
 * Shared set-up of the web tests (happy-dom). Imported at the top of each test file
 * until the root vitest config lists it in `setupFiles`.
 */
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// First renders transform antd and page chunks on the fly; give async queries room on slow machines.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 15_000 });

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  localStorage.clear();
});

// antd's responsive helpers (Grid, Menu overflow) query media; keep a stub if the DOM lacks one.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

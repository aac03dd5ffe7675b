import { useSyncExternalStore } from 'react';

interface MediaQueryStore {
  subscribe(onChange: () => void): () => void;
  matches(): boolean;
}

/** One store per query: useSyncExternalStore wants the same subscribe function from render to render. */
const stores = new Map<string, MediaQueryStore>();

function storeOf(query: string): MediaQueryStore {
  let store = stores.get(query);
  if (!store) {
    // Asked of the window each time (not kept): tests replace matchMedia between renders.
    const list = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);
    store = {
      subscribe(onChange) {
        const current = list();
        current?.addEventListener('change', onChange);
        return () => current?.removeEventListener('change', onChange);
      },
      matches: () => list()?.matches ?? false,
    };
    stores.set(query, store);
  }
  return store;
}

/**
 * Whether a CSS media query matches (a screen width, a system preference); the component renders again when
 * that changes. `serverValue` is what is assumed where there is no window to ask.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  const store = storeOf(query);
  return useSyncExternalStore(store.subscribe, store.matches, () => serverValue);
}

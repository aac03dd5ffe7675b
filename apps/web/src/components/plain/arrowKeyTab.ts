import type { KeyboardEvent } from 'react';

/**
 * The tab an arrow key moves to in a row of tabs (as in antd: right goes on, left goes back, both wrap),
 * or null when the key is not an arrow. Shared by the plain tabs and the portal's light tabs.
 */
export function tabAfterArrowKey<Key extends string>(e: KeyboardEvent, items: readonly { key: Key }[], activeKey: Key): Key | null {
  if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return null;
  const at = items.findIndex((t) => t.key === activeKey);
  const next = items[(at + (e.key === 'ArrowRight' ? 1 : items.length - 1)) % items.length];
  if (!next) return null;
  e.preventDefault();
  return next.key;
}

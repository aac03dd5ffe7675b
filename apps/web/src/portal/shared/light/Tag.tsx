import type { ReactNode } from 'react';
import './light.css';

/** antd's preset tag colours the portal uses (text, background, border). */
export type TagColor = 'default' | 'red' | 'blue' | 'green' | 'orange' | 'gold' | 'processing' | 'success' | 'warning' | 'error';

/** A small coloured label (置顶, a status) with antd Tag's look. */
export function PortalTag({ color = 'default', children, className }: { color?: TagColor; children: ReactNode; className?: string }) {
  return <span className={['dl-tag', `dl-tag--${color}`, className].filter(Boolean).join(' ')}>{children}</span>;
}

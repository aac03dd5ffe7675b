import type { HTMLAttributes, ReactNode } from 'react';
import './panel.css';

interface PanelProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The head's title; no head without one. */
  title?: ReactNode;
  /** antd Card's `size="small"`: the tighter padding. */
  size?: 'small';
  children: ReactNode;
}

/**
 * A bordered box with an optional titled head, drawn like antd's `Card` from antd's design tokens
 * (CSS variables of the active theme). For the screens every sign-in shows (the console home):
 * antd's Card brings Tabs and Skeleton with it, some 25 KB gzip (docs/console.md "Start-up weight").
 */
export function Panel({ title, size, className, children, ...rest }: PanelProps) {
  const classes = ['dl-panel', size === 'small' && 'dl-panel--small', className].filter(Boolean).join(' ');
  return (
    <section className={classes} {...rest}>
      {title != null && <div className="dl-panel__head">{title}</div>}
      <div className="dl-panel__body">{children}</div>
    </section>
  );
}

import type { ButtonHTMLAttributes } from 'react';
import { PlainIcon, type PlainIconName } from './icons';
import './plain.css';

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'link';
  /** Fills the row (antd's `block`). */
  block?: boolean;
  icon?: PlainIconName;
  /** While true the button is disabled and shows a spinner (as components/BusyButton). */
  busy?: boolean;
}

/** A large button with antd's look (primary, default or link), in plain elements. */
export function PlainButton({ variant = 'default', block, icon, busy, disabled, className, children, type = 'button', ...rest }: PlainButtonProps) {
  const classes = ['dl-plain-btn', `dl-plain-btn--${variant}`, block && 'dl-plain-btn--block', className].filter(Boolean).join(' ');
  return (
    <button {...rest} type={type} className={classes} disabled={busy || disabled} aria-busy={busy || undefined}>
      {(busy || icon) && <PlainIcon name={busy ? 'loading' : icon!} spin={busy} />}
      <span>{children}</span>
    </button>
  );
}

import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import './light.css';

interface PortalButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'default' | 'primary' | 'text' | 'link';
  size?: 'small' | 'middle' | 'large';
  icon?: ReactNode;
  /** Red, for a destructive action (antd's danger). */
  danger?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A button that looks like antd's (same height, radius, colours and focus ring) without antd's code:
 * the portal's always-visible buttons (header, footer) are drawn before any antd chunk is needed.
 */
export function PortalButton({ variant = 'default', size = 'middle', icon, danger, className, children, type = 'button', ...rest }: PortalButtonProps) {
  const classes = ['dl-btn', `dl-btn--${variant}`, size === 'small' && 'dl-btn--sm', size === 'large' && 'dl-btn--lg', danger && 'dl-btn--danger', !children && icon && 'dl-btn--icon-only', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon && (
        <span className="dl-btn__icon" aria-hidden>
          {icon}
        </span>
      )}
      {children != null && <span className="dl-btn__label">{children}</span>}
    </button>
  );
}

import type { ReactNode } from 'react';
import './text.css';

interface TextProps {
  /** antd Typography.Text's types that the console's first screens use. */
  type?: 'secondary' | 'danger';
  strong?: boolean;
  children: ReactNode;
}

/**
 * A line of text styled like antd's `Typography.Text`, from antd's own design tokens (CSS variables).
 * For the screens every sign-in shows (console home, header): antd's Typography brings its editable
 * and copyable parts (TextArea, Tooltip) and ~15 KB gzip with them.
 */
export function Text({ type, strong, children }: TextProps) {
  const className = ['dl-text', type && `dl-text--${type}`, strong && 'dl-text--strong'].filter(Boolean).join(' ');
  return <span className={className}>{children}</span>;
}

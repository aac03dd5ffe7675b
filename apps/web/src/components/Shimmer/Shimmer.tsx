import type { CSSProperties } from 'react';
import './shimmer.css';

interface ShimmerProps {
  /** Lines of placeholder text (antd Skeleton's paragraph rows); without, one block (antd `Skeleton.Button`). */
  rows?: number;
  /** A heading line above the rows (antd Skeleton's title). */
  title?: boolean;
  className?: string;
  style?: CSSProperties;
  /** What is loading, for screen readers; without, the placeholder is hidden from them. */
  'aria-label'?: string;
}

/**
 * A loading placeholder drawn like antd's active `Skeleton`, from antd's CSS variables: the first
 * screen after sign-in shows it while its figures load, without antd's Skeleton (which comes with
 * the popup and form machinery it shares a chunk with).
 */
export function Shimmer({ rows, title, className, style, 'aria-label': label }: ShimmerProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  if (rows === undefined) {
    return <span className={['dl-shimmer', 'dl-shimmer__block', className].filter(Boolean).join(' ')} style={style} {...a11y} />;
  }
  return (
    <div className={['dl-shimmer', className].filter(Boolean).join(' ')} style={style} {...a11y}>
      {title && <div className="dl-shimmer__title" />}
      <ul className="dl-shimmer__rows">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} />
        ))}
      </ul>
    </div>
  );
}

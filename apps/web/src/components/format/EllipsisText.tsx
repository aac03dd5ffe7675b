import type { ReactNode } from 'react';
import { Tooltip } from 'antd';
import { ellipsis, ELLIPSIS_DEFAULT_LENGTH } from '@dandelion/shared';

export interface EllipsisTextProps {
  text: string | null | undefined;
  /** Characters kept before "..."; 25 unless given (spec §9 ellipsis filter). */
  length?: number;
  /** Shown when the text is missing or empty; nothing unless given. */
  empty?: ReactNode;
  className?: string;
}

/** Text cut to `length` characters; when cut, hovering shows the whole text. */
export function EllipsisText({ text, length = ELLIPSIS_DEFAULT_LENGTH, empty = null, className }: EllipsisTextProps) {
  if (!text) return <>{empty}</>;
  const short = ellipsis(text, length);
  if (short === text) return <span className={className}>{text}</span>;
  return (
    <Tooltip title={text}>
      {/* The full text stays reachable to screen readers and to copy-and-search in the page. */}
      <span className={className} aria-label={text}>
        {short}
      </span>
    </Tooltip>
  );
}

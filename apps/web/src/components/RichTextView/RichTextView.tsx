import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useSessionStore } from '../../api/session';
import { sanitiseRichText } from './sanitize';
import './rich-text.css';

export interface RichTextViewProps {
  /** Stored rich text (already sanitised by the server; sanitised here once more). */
  html: string | null | undefined;
  className?: string;
  style?: CSSProperties;
  /** Shown when there is nothing to show. Default nothing. */
  empty?: ReactNode;
}

/**
 * Shows stored rich text in the portal and in console details with readable typography. Nothing
 * in it can run: the HTML is sanitised again in the browser before it is inserted.
 */
export function RichTextView({ html, className, style, empty = null }: RichTextViewProps) {
  // The display address of a private image carries the viewer's token: sanitise again when it changes.
  const token = useSessionStore((state) => state.session?.token);
  const safe = useMemo(() => sanitiseRichText(html, { token }), [html, token]);
  if (!safe.trim()) return <>{empty}</>;
  return (
    <div
      className={className ? `dl-rich-text ${className}` : 'dl-rich-text'}
      style={style}
      // Sanitised just above with the server's allowlist (sanitize.ts).
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}

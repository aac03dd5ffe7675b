import type { TextSegment } from '../contentApi';

/**
 * Search segments as text, the matched ones in <mark>. Everything is a React text node, never
 * HTML: an article title containing markup shows the markup as characters.
 */
export function HighlightedText({ segments, fallback }: { segments: readonly TextSegment[] | undefined; fallback: string | null }) {
  if (!segments || segments.length === 0) return <>{fallback ?? ''}</>;
  return (
    <>
      {segments.map((segment, i) => (segment.hit ? <mark key={i}>{segment.text}</mark> : <span key={i}>{segment.text}</span>))}
    </>
  );
}

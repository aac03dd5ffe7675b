import { useLayoutEffect, useRef, useState } from 'react';
import './light.css';

/**
 * A paragraph cut to `rows` lines with 展开 / 收起 after it when it is longer (antd Typography.Paragraph's
 * ellipsis with expandable: 'collapsible'), by CSS line clamping instead of antd's measuring code.
 */
export function ClampText({ text, rows }: { text: string; rows: number }) {
  const para = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const el = para.current;
    if (!el || expanded) return;
    const measure = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [text, expanded]);
  return (
    <p ref={para} className={['dl-clamp', !expanded && 'dl-clamp--cut'].filter(Boolean).join(' ')} style={expanded ? undefined : { WebkitLineClamp: rows }}>
      {text}
      {(overflows || expanded) && (
        <button type="button" className="dl-clamp__toggle" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? '收起' : '展开'}
        </button>
      )}
    </p>
  );
}

import { useId, useState, type ReactNode } from 'react';
import './tooltip.css';

/**
 * antd Tooltip's look (dark bubble above, centred, with its arrow) on hover or focus of what it wraps, without
 * antd. The wrapper is a plain inline span, as antd's disabled-button recipe: a disabled button gets no pointer
 * events, the span does.
 */
export function PortalTooltip({ title, children }: { title: string; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const id = useId();
  const show = () => setShown(true);
  const hide = () => setShown(false);
  return (
    <span className="dl-tooltip-anchor" onMouseEnter={show} onMouseLeave={hide} onFocus={show} onBlur={hide} aria-describedby={shown ? id : undefined}>
      {children}
      {shown && (
        <span role="tooltip" id={id} className="dl-tooltip">
          {title}
        </span>
      )}
    </span>
  );
}

import type { ReactNode } from 'react';
import './light.css';

/** antd's Card look (border, radius, head with title and extra) in plain markup. */
export function PortalCard({ title, extra, hoverable, className, children }: { title?: ReactNode; extra?: ReactNode; hoverable?: boolean; className?: string; children: ReactNode }) {
  return (
    <div className={['dl-card', hoverable && 'dl-card--hoverable', className].filter(Boolean).join(' ')}>
      {(title || extra) && (
        <div className="dl-card__head">
          <div className="dl-card__title">{title}</div>
          {extra && <div className="dl-card__extra">{extra}</div>}
        </div>
      )}
      <div className="dl-card__body">{children}</div>
    </div>
  );
}

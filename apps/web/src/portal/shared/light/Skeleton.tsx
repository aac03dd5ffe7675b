import './light.css';

/** Grey placeholder lines while content loads (antd Skeleton's look, `active` shimmer included). */
export function PortalSkeleton({ title = true, rows = 3 }: { title?: boolean; rows?: number }) {
  return (
    <div className="dl-skeleton" aria-hidden>
      {title && <div className="dl-skeleton__title" />}
      <ul className="dl-skeleton__rows">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} />
        ))}
      </ul>
    </div>
  );
}

/** A single placeholder block, sized by its class (antd Skeleton.Input). */
export function SkeletonBlock({ className }: { className?: string }) {
  return <span className={['dl-skeleton__block', className].filter(Boolean).join(' ')} aria-hidden />;
}

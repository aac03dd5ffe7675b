import { PlainIcon } from './icons';
import './plain.css';

/** An error banner (antd's Alert type="error" with its icon), announced when it appears. */
export function PlainErrorAlert({ children, className }: { children: string; className?: string }) {
  return (
    <div className={['dl-plain-alert', className].filter(Boolean).join(' ')} role="alert">
      <PlainIcon name="closeCircle" className="dl-plain-alert__icon" />
      <span>{children}</span>
    </div>
  );
}

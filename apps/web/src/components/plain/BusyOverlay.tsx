import type { ReactNode } from 'react';
import { SpinDot } from '../PageLoading';
import './plain.css';

/** Dims its content under a spinner and a line of text while `busy` (antd's Spin with a description). */
export function BusyOverlay({ busy, text, children }: { busy: boolean; text: string; children: ReactNode }) {
  return (
    <div className="dl-plain-busy">
      {busy && (
        <div className="dl-plain-busy__mask" role="status">
          <SpinDot />
          <span>{text}</span>
        </div>
      )}
      <div className={busy ? 'dl-plain-busy__content dl-plain-busy__content--busy' : 'dl-plain-busy__content'} aria-busy={busy || undefined}>
        {children}
      </div>
    </div>
  );
}

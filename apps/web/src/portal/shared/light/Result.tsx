import type { ReactNode } from 'react';
import './result.css';

// antd's ExclamationCircleFilled (info: the brand blue; warning: gold), as Result draws them.
const EXCLAMATION = 'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z';
// antd's WarningFilled
const WARNING = 'M955.7 856l-416-720c-6.2-10.7-16.9-16-27.7-16s-21.6 5.3-27.7 16l-416 720C56 877.4 71.4 904 96 904h832c24.6 0 40-26.6 27.7-48zM480 416c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v184c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V416zm32 352a48.01 48.01 0 010-96 48.01 48.01 0 010 96z';
const ICONS = { info: EXCLAMATION, warning: WARNING } as const;

/** antd Result's look (72 px icon, title, subtitle, actions centred) for the info and warning states, without antd. */
export function PortalResult({ status, title, subTitle, extra }: { status: keyof typeof ICONS; title: ReactNode; subTitle?: ReactNode; extra?: ReactNode }) {
  return (
    <div className={`dl-result dl-result--${status}`}>
      <div className="dl-result__icon">
        <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden focusable="false">
          <path d={ICONS[status]} />
        </svg>
      </div>
      <div className="dl-result__title">{title}</div>
      {subTitle != null && <div className="dl-result__subtitle">{subTitle}</div>}
      {extra != null && <div className="dl-result__extra">{extra}</div>}
    </div>
  );
}

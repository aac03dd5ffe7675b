import type { ReactNode } from 'react';
import './light.css';

/** antd's simple empty picture (a tray), for empty cards and lists inside a block. */
const simpleImage = (
  <svg className="dl-empty__image" width="64" height="41" viewBox="0 0 64 41" aria-hidden>
    <g transform="translate(0 1)" fill="none" fillRule="evenodd">
      <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
      <g fillRule="nonzero" stroke="#d9d9d9">
        <path d="M55 12.76 44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
        <path
          d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
          fill="#fafafa"
        />
      </g>
    </g>
  </svg>
);

/** antd's default empty picture (a document in a tray with a speech bubble), for a page's empty list. */
const defaultImage = (
  <svg className="dl-empty__image dl-empty__image--default" width="184" height="152" viewBox="0 0 184 152" aria-hidden>
    <g fill="none" fillRule="evenodd">
      <g transform="translate(24 31.7)">
        <ellipse fillOpacity=".8" fill="#f0f0f0" cx="67.8" cy="106.9" rx="67.8" ry="12.7" />
        <path fill="#bfbfbf" d="M122 69.7 98.1 40.2a6 6 0 0 0-4.6-2.2H42.1a6 6 0 0 0-4.6 2.2l-24 29.5V85H122z" />
        <path fill="#f5f5f5" d="M33.8 0h68a4 4 0 0 1 4 4v93.3a4 4 0 0 1-4 4h-68a4 4 0 0 1-4-4V4a4 4 0 0 1 4-4" />
        <path
          fill="#d9d9d9"
          d="M42.7 10h50.2a2 2 0 0 1 2 2v25a2 2 0 0 1-2 2H42.7a2 2 0 0 1-2-2V12a2 2 0 0 1 2-2m.2 39.8h49.8a2.3 2.3 0 1 1 0 4.5H42.9a2.3 2.3 0 0 1 0-4.5m0 11.7h49.8a2.3 2.3 0 1 1 0 4.6H42.9a2.3 2.3 0 0 1 0-4.6m79 43.5a7 7 0 0 1-6.8 5.4H20.5a7 7 0 0 1-6.7-5.4l-.2-1.8V69.7h26.3c2.9 0 5.2 2.4 5.2 5.4s2.4 5.4 5.3 5.4h34.8c2.9 0 5.3-2.4 5.3-5.4s2.3-5.4 5.2-5.4H122v33.5q0 1-.2 1.8"
        />
      </g>
      <path fill="#d9d9d9" d="m149.1 33.3-6.8 2.6a1 1 0 0 1-1.3-1.2l2-6.2q-4.1-4.5-4.2-10.4c0-10 10.1-18.1 22.6-18.1S184 8.1 184 18.1s-10.1 18-22.6 18q-6.8 0-12.3-2.8" />
      <g fill="#fff" transform="translate(149.7 15.4)">
        <circle cx="20.7" cy="3.2" r="2.8" />
        <path d="M5.7 5.6H0L2.9.7zM9.3.7h5v5h-5z" />
      </g>
    </g>
  </svg>
);

/** "Nothing here" with antd Empty's picture (the default one, or the simple one inside cards) and its caption. */
export function PortalEmpty({ description, simple = false, children }: { description: string; simple?: boolean; children?: ReactNode }) {
  return (
    <div className={['dl-empty', simple && 'dl-empty--simple'].filter(Boolean).join(' ')}>
      {simple ? simpleImage : defaultImage}
      <div className="dl-empty__description">{description}</div>
      {children != null && <div className="dl-empty__footer">{children}</div>}
    </div>
  );
}

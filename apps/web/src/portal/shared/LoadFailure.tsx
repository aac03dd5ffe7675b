import { errorMessage } from '../../api/http';
import { PortalButton } from './light';
import './light/light.css';

/** A content block that could not load: what went wrong and 重试 (the toast has already said it once). Drawn like antd's warning Result. */
export function LoadFailure({ title, error, retrying, onRetry }: { title: string; error: unknown; retrying: boolean; onRetry: () => void }) {
  return (
    <div className="dl-result" role="group" aria-label={title}>
      <svg className="dl-result__icon" viewBox="64 64 896 896" width="72" height="72" fill="#faad14" aria-hidden focusable="false">
        <path d="M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm-32 232c0-4.4 3.6-8 8-8h48c4.4 0 8 3.6 8 8v272c0 4.4-3.6 8-8 8h-48c-4.4 0-8-3.6-8-8V296zm32 440a48.01 48.01 0 010-96 48.01 48.01 0 010 96z" />
      </svg>
      <div className="dl-result__title">{title}</div>
      <div className="dl-result__subtitle">{errorMessage(error)}</div>
      <div className="dl-result__extra">
        <PortalButton variant="primary" disabled={retrying} aria-busy={retrying} onClick={onRetry}>
          重试
        </PortalButton>
      </div>
    </div>
  );
}

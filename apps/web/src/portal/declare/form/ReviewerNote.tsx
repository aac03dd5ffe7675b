import { Alert } from 'antd';
import { DECLARATION_STEP_LABELS } from '@dandelion/shared/award/declaration';
import { formatDateTime } from '../../../lib/date';
import type { Declaration } from '../api';

/** The last word of a reviewer (a return's opinion, reasons, the fix deadline): the applicant must see it first. */
export function ReviewerNote({ note }: { note: NonNullable<Declaration['lastNote']> }) {
  return (
    <Alert
      className="dl-declaration-note"
      type="warning"
      showIcon
      role="alert"
      message={`${DECLARATION_STEP_LABELS[note.action]}（${note.actorName}，${formatDateTime(note.time)}）`}
      description={
        <div>
          {note.opinion ? <p className="dl-declaration-note__opinion">审核意见：{note.opinion}</p> : null}
          {note.reasons.length > 0 ? (
            <div>
              理由：
              <ul>
                {note.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </div>
          ) : null}
          {note.deadline ? <p className="dl-declaration-note__deadline">请于 {note.deadline} 前修改并重新提交，逾期将不予受理。</p> : null}
        </div>
      }
    />
  );
}

import { Empty, Spin, Timeline, Typography } from 'antd';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { formatDateTimeSeconds } from '../../lib/date';
import { LoadError } from '../LoadError';
import { useDeclarationHistory } from './api';
import { ReasonList } from './ReviewNotes';

/** Every step of a declaration (/rest/declare/getHistory): who, when, what it moved to, the opinion and reasons. */
export function DeclarationHistory({ declarationId }: { declarationId: string }) {
  const history = useDeclarationHistory(declarationId);
  if (history.isError) return <LoadError message={history.error.message} onRetry={() => void history.refetch()} />;
  if (history.isPending) return <Spin />;
  if (!history.data.length) return <Empty description="还没有办理记录" />;
  return (
    <Timeline
      items={history.data.map((step) => ({
        key: step.stepId,
        color: /RETURN|REJECT|MISSED|REFUSE/.test(step.action) ? 'red' : 'blue',
        content: (
          <div>
            <Typography.Text strong>{step.actionLabel}</Typography.Text>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {step.actorName} · {formatDateTimeSeconds(step.time)}
            </Typography.Text>
            <div>
              {step.fromStatus ? `${DECLARATION_STATUS_LABELS[step.fromStatus]} → ` : ''}
              {DECLARATION_STATUS_LABELS[step.toStatus]}
            </div>
            {step.opinion && <div>意见：{step.opinion}</div>}
            {step.reasons.length > 0 && (
              <div>
                理由：<ReasonList reasons={step.reasons} />
              </div>
            )}
            {step.deadline && <div>修改期限：{step.deadline}</div>}
          </div>
        ),
      }))}
    />
  );
}

import { Drawer, Empty, Skeleton, Tag, Timeline } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { formatDateTime } from '../../../lib/date';
import { declareApi, declareKeys, type DeclarationRow } from '../api';
import { statusColor } from '../statusColor';

/** 办理记录: every step of a declaration — who, when, the opinion and the reasons. */
export function HistoryDrawer({ row, onClose }: { row: DeclarationRow | null; onClose(): void }) {
  const history = useQuery({
    queryKey: declareKeys.history(row?.declarationId ?? ''),
    queryFn: ({ signal }) => declareApi.history(row!.declarationId, signal),
    enabled: row !== null,
  });
  return (
    <Drawer open={row !== null} onClose={onClose} title={`办理记录 · ${row?.title ?? row?.prizeName ?? ''}`} size={480} destroyOnHidden>
      {history.isPending ? (
        <Skeleton active />
      ) : !history.data?.length ? (
        <Empty description="还没有办理记录" />
      ) : (
        <Timeline
          items={history.data.map((step) => ({
            key: step.stepId,
            content: (
              <div className="dl-history-step">
                <div>
                  <strong>{step.actionLabel}</strong> <Tag color={statusColor(step.toStatus)}>{DECLARATION_STATUS_LABELS[step.toStatus]}</Tag>
                </div>
                <div className="dl-history-step__meta">
                  {step.actorName} · {formatDateTime(step.time)}
                </div>
                {step.opinion ? <div>意见：{step.opinion}</div> : null}
                {step.reasons.length > 0 ? <div>理由：{step.reasons.join('；')}</div> : null}
                {step.deadline ? <div>修改期限：{step.deadline}</div> : null}
              </div>
            ),
          }))}
        />
      )}
    </Drawer>
  );
}

import { Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DECLARATION_STATUS_LABELS, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import { declarationApi, type DeclarationSearch } from './api';

export interface StatusCountsProps {
  /** The edition and prize the counts are for (the list's current filters). */
  scope: Pick<DeclarationSearch, 'editionId' | 'prizeId'>;
  /** The status the list is filtered by, highlighted. */
  active?: DeclarationStatus;
  /** A click filters the list by that status; clicking the active one (or 全部) clears it. */
  onPick: (status: DeclarationStatus | undefined) => void;
}

/** Counts per status above the office's list (/rest/declare/getStatusCounts), each a filter. */
export function StatusCounts({ scope, active, onPick }: StatusCountsProps) {
  const counts = useQuery({
    queryKey: ['declaration-status-counts', scope.editionId ?? '', scope.prizeId ?? ''],
    queryFn: ({ signal }) => declarationApi.counts(scope, signal),
  });
  const rows = (counts.data ?? []).filter((c) => c.count > 0);
  const total = rows.reduce((sum, c) => sum + c.count, 0);
  return (
    <Space size={[8, 8]} wrap style={{ marginBottom: 16 }} aria-label="各状态数量">
      <Tag.CheckableTag checked={!active} onChange={() => onPick(undefined)}>
        全部 <Typography.Text strong>{total}</Typography.Text>
      </Tag.CheckableTag>
      {rows.map((c) => (
        <Tag.CheckableTag key={c.status} checked={active === c.status} onChange={() => onPick(active === c.status ? undefined : c.status)}>
          {DECLARATION_STATUS_LABELS[c.status]} <Typography.Text strong>{c.count}</Typography.Text>
        </Tag.CheckableTag>
      ))}
    </Space>
  );
}

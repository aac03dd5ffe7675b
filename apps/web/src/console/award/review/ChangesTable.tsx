import { Empty, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DECLARATION_SECTION_LABELS, type DeclarationSection } from '@dandelion/shared/award/prize';
import { LoadError } from '../../../components/LoadError';
import { EMPTY_VALUE } from '../../../components/detail';
import { formatDateTime } from '../../../lib/date';
import { reviewApi } from './api';
import { fieldLabel, shownValue } from './changeLabels';

const cell = (value: string | null) => (value === null || value === '' ? EMPTY_VALUE : <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{value}</span>);
type Change = { section: DeclarationSection; field: string; before: string | null; after: string | null };

/** 修改对比: what the applicant changed since the declaration was returned (/rest/auditPrize/getChanges). */
export function ChangesTable({ declarationId }: { declarationId: string }) {
  const changes = useQuery({ queryKey: ['declaration', declarationId, 'changes'], queryFn: ({ signal }) => reviewApi.changes(declarationId, signal) });
  if (changes.isError) return <LoadError message={changes.error.message} onRetry={() => void changes.refetch()} />;
  if (changes.isPending) return <Spin />;
  const { returnedAt, changes: rows } = changes.data;
  if (!rows.length) return <Empty description={returnedAt ? '退回后没有修改' : '未曾退回，没有可对比的版本'} />;
  return (
    <>
      {returnedAt && <Typography.Paragraph type="secondary">与 {formatDateTime(returnedAt)} 退回时的版本相比：</Typography.Paragraph>}
      <Table
        size="small"
        bordered
        pagination={false}
        rowKey={(row) => `${row.section}-${row.field}`}
        dataSource={rows}
        columns={[
          { title: '栏目', dataIndex: 'section', width: 120, render: (s: DeclarationSection) => DECLARATION_SECTION_LABELS[s] },
          { title: '字段', dataIndex: 'field', width: 200, render: fieldLabel },
          { title: '修改前', dataIndex: 'before', render: (v: string | null, row: Change) => cell(shownValue(row.field, v)) },
          { title: '修改后', dataIndex: 'after', render: (v: string | null, row: Change) => cell(shownValue(row.field, v)) },
        ]}
      />
    </>
  );
}

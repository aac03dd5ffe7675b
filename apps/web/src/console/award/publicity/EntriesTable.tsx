import { Alert, Table, Tag } from 'antd';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import type { PublicityPreview } from './api';

type Entry = PublicityPreview['entries'][number];
type LeftOut = PublicityPreview['leftOut'][number];
const listOf = (items: string[] | null) => (items === null ? '不公示' : items.length ? items.join('、') : '—');

/** A publicity's entries as the portal will show them, and the declarations left out with why (the office's eyes only). */
export function EntriesTable({ entries, leftOut, showGrade }: { entries: Entry[]; leftOut: LeftOut[]; showGrade: boolean }) {
  return (
    <>
      {leftOut.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`未公示 ${leftOut.length} 项（涉密或内部申报书不对外公示）`}
          description={leftOut.map((l) => `${l.registrationNo ?? l.declarationId}：${l.reason}`).join('；')}
        />
      )}
      <Table<Entry>
        size="small"
        rowKey="declarationId"
        pagination={entries.length > 20 ? { pageSize: 20 } : false}
        dataSource={entries}
        scroll={{ x: 720 }}
        locale={{ emptyText: '没有可公示的申报书' }}
        columns={[
          { key: 'sort', title: '序号', dataIndex: 'sort', width: 60 },
          { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 140 },
          { key: 'title', title: '项目名称', dataIndex: 'title' },
          { key: 'completers', title: '完成人', dataIndex: 'completers', width: 180, render: listOf },
          { key: 'units', title: '完成单位', dataIndex: 'units', width: 180, render: listOf },
          ...(showGrade ? [{ key: 'grade', title: '拟授奖等级', dataIndex: 'grade', width: 100, render: (g: PrizeGrade | null) => (g ? <Tag color="gold">{PRIZE_GRADE_LABELS[g]}</Tag> : '—') }] : []),
        ]}
      />
    </>
  );
}

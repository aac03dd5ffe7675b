import { Alert, Table, Tag } from 'antd';
import { COMMITTEE_RATIO_LABELS } from '@dandelion/shared/award/committee';
import { LoadError } from '../../../components/LoadError';
import { useSittingResults, type ResultRow } from './api';
import { gradeText, scoreText } from './committeeLabels';

function outcomeOf(row: ResultRow) {
  if (!row.quorum) return <Tag color="warning">未达法定人数</Tag>;
  return row.resultGrade ? <Tag color="success">{`拟授${gradeText(row.resultGrade)}`}</Tag> : <Tag color="error">不予授奖</Tag>;
}

/** 表决结果: the live count while voting, what was recorded once closed; each grade tested shown as support / present. */
export function ResultTable({ sittingId }: { sittingId: string }) {
  const results = useSittingResults(sittingId, true);
  if (results.isError) return <LoadError message={results.error.message} onRetry={() => void results.refetch()} />;
  const r = results.data;
  return (
    <>
      {r && (
        <Alert
          type={r.recorded ? 'success' : 'info'}
          showIcon
          style={{ marginBottom: 12 }}
          message={`${r.recorded ? '投票已结束，以下为记录的表决结果' : '实时计票（结束投票时按此计算并记录）'}：委员 ${r.members} 人，法定人数${COMMITTEE_RATIO_LABELS[r.quorumRatio]}，拟授奖等级须获投票人数的${COMMITTEE_RATIO_LABELS[r.passRatio]}，否则降一等再计。`}
        />
      )}
      <Table<ResultRow>
        rowKey="declarationId"
        size="small"
        loading={results.isPending}
        pagination={false}
        dataSource={r?.rows ?? []}
        scroll={{ x: 1400 }}
        columns={[
          { key: 'no', title: '登记号', dataIndex: 'registrationNo', width: 150 },
          { key: 'title', title: '项目名称', dataIndex: 'title', width: 200, ellipsis: true },
          { key: 'score', title: '汇总分', dataIndex: 'groupScore', width: 80, render: scoreText },
          { key: 'proposed', title: '拟授奖等级', dataIndex: 'proposedGrade', width: 100, render: gradeText },
          { key: 'present', title: '投票 / 法定人数', width: 120, render: (_, row) => `${row.present} / ${row.needed}` },
          { key: 'agree', title: '同意', dataIndex: 'agree', width: 60 },
          { key: 'other', title: '建议其他等级', width: 140, render: (_, row) => row.otherGrades.map((o) => `${gradeText(o.grade)} ${o.count}`).join('，') || '—' },
          { key: 'not', title: '不予授奖', dataIndex: 'notAward', width: 80 },
          { key: 'tests', title: '表决过程', width: 300, render: (_, row) => row.tests.map((t) => `${gradeText(t.grade)} ${t.support}/${row.present}${t.passed ? '✓' : '✗'}`).join('；') || '—' },
          { key: 'result', title: '结果', width: 120, fixed: 'right', render: (_, row) => outcomeOf(row) },
        ]}
      />
    </>
  );
}

import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { DIVERGENCE_LABELS } from '@dandelion/shared/award/aggregation';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import type { GroupResult, ResultReview, ResultRow } from './api';
import { FLAG_HINTS } from './flags';

const fixed = (n: number | null, digits = 2) => (n === null ? '—' : n.toFixed(digits));

export interface ResultTableProps {
  result: GroupResult;
  selected: string[];
  onSelect: (ids: string[]) => void;
  /** 重开评审 on a submitted review; absent without the permission. */
  onReopen?: (review: ResultReview, row: ResultRow) => void;
}

/** The reviews of one declaration: each expert's criteria and total, a missing one as 缺. */
function ReviewsOf({ row, result, onReopen }: { row: ResultRow; result: GroupResult; onReopen?: ResultTableProps['onReopen'] }) {
  return (
    <Table<ResultReview>
      size="small"
      rowKey="assignmentId"
      pagination={false}
      dataSource={row.reviews}
      columns={[
        { title: '专家', dataIndex: 'expertName', render: (name: string, r) => <Space>{name}{!r.calibrated && <Tag>未校准</Tag>}{r.outlier && <Tag color="error">离群</Tag>}</Space> },
        ...result.rubric.map((c) => ({ title: `${c.name}（${c.maxScore}）`, key: c.name, render: (_: unknown, r: ResultReview) => (r.submitted ? (r.scores.find((s) => s.name === c.name)?.score ?? '—') : '缺') })),
        { title: '总分', dataIndex: 'total', render: (t: number | null, r) => (r.submitted ? fixed(t) : <Tag color="default">缺</Tag>) },
        { title: '建议等级', dataIndex: 'suggestedGrade', render: (g: ResultReview['suggestedGrade']) => (g ? PRIZE_GRADE_LABELS[g] : '—') },
        { title: '评审意见', dataIndex: 'comment', ellipsis: true, render: (c: string | null) => c ?? '—' },
        ...(onReopen
          ? [{ title: '操作', key: 'op', render: (_: unknown, r: ResultReview) => (r.submitted && row.status === 'IN_REVIEW' ? <Button type="link" size="small" onClick={() => onReopen(r, row)}>重开评审</Button> : null) }]
          : []),
      ]}
    />
  );
}

/**
 * The group's aggregated table: rank, raw totals (缺 for a missing review, never a number), the group
 * score by the prize's method, the calibrated mean (未校准 when some experts are not), percentile,
 * flags with what they mean, and the quota line drawn under the last declaration within it.
 */
export function ResultTable({ result, selected, onSelect, onReopen }: ResultTableProps) {
  const lastWithin = [...result.rows].reverse().find((r) => r.withinQuota)?.declarationId;
  return (
    <Table<ResultRow>
      rowKey="declarationId"
      size="middle"
      pagination={false}
      scroll={{ x: 1200 }}
      dataSource={result.rows}
      rowSelection={{ selectedRowKeys: selected, onChange: (keys) => onSelect(keys.map(String)), getCheckboxProps: (r) => ({ disabled: r.status !== 'IN_REVIEW' }) }}
      rowClassName={(r) => (r.declarationId === lastWithin ? 'quota-line' : '')}
      onRow={(r) => (r.declarationId === lastWithin ? { style: { boxShadow: 'inset 0 -3px 0 #cf1322' }, 'aria-label': '名额线' } : {})}
      expandable={{ expandedRowRender: (row) => <ReviewsOf row={row} result={result} onReopen={onReopen} /> }}
      locale={{ emptyText: '本组还没有申报书' }}
      columns={[
        { title: '排名', dataIndex: 'rank', width: 64, render: (rank: number | null) => rank ?? '—' },
        {
          title: '项目',
          dataIndex: 'title',
          // The project is what the office reads first: never squeezed to a word per line.
          width: 240,
          render: (title: string | null, r) => (
            <Space direction="vertical" size={0}>
              <span>{title ?? '（未填写项目名称）'}</span>
              <Typography.Text type="secondary">{r.registrationNo ?? ''}</Typography.Text>
            </Space>
          ),
        },
        {
          title: '专家评分',
          key: 'raw',
          render: (_: unknown, r) => (
            <Space size={4} wrap>
              {r.reviews.map((v) => (
                <Tag key={v.assignmentId} color={v.submitted ? (v.outlier ? 'error' : 'blue') : 'default'}>
                  {v.submitted ? fixed(v.total, 1) : '缺'}
                </Tag>
              ))}
            </Space>
          ),
        },
        { title: '已评/应评', key: 'count', width: 90, render: (_: unknown, r) => `${r.submitted}/${r.expected}` },
        { title: result.scoreMethod === 'TRIMMED' ? '去极值均分' : '平均分', dataIndex: 'groupScore', width: 100, render: (s: number | null) => fixed(s) },
        {
          title: '校准均值',
          dataIndex: 'calibratedMean',
          width: 120,
          render: (m: number | null, r) => (
            <Space size={4}>
              {fixed(m)}
              {r.uncalibratedReviews > 0 && (
                <Tooltip title={`${r.uncalibratedReviews} 位专家评审数不足5份，未参与校准`}>
                  <Tag>未校准</Tag>
                </Tooltip>
              )}
            </Space>
          ),
        },
        { title: '百分位', dataIndex: 'percentile', width: 80, render: (p: number | null) => fixed(p, 1) },
        {
          title: '分歧',
          dataIndex: 'flags',
          render: (flags: ResultRow['flags']) => (
            <Space size={4} wrap>
              {flags.map((f) => (
                <Tooltip key={f} title={FLAG_HINTS[f]}>
                  <Tag color="warning">{DIVERGENCE_LABELS[f]}</Tag>
                </Tooltip>
              ))}
            </Space>
          ),
        },
        { title: '名额', dataIndex: 'withinQuota', width: 70, render: (w: boolean) => (result.quota === null ? '—' : w ? <Tag color="success">名额内</Tag> : '') },
        { title: '状态', dataIndex: 'status', width: 100, render: (s: ResultRow['status']) => DECLARATION_STATUS_LABELS[s] },
        { title: '结论意见', dataIndex: 'decisionOpinion', ellipsis: true, render: (o: string | null) => o ?? '—' },
      ]}
    />
  );
}

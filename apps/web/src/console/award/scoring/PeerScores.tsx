import { Alert, Space, Table, Tag, Tooltip } from 'antd';
import { DIVERGENCE_LABELS } from '@dandelion/shared/award/aggregation';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { LoadError } from '../../../components/LoadError';
import { usePeerScores, type MyReview, type PeerScores as Peers } from './api';
import { FLAG_HINTS } from './flags';

type Peer = Peers['peers'][number];

/** The other experts' scores on the declaration (anonymous), shown once one's own is submitted; the leader also sees the flags. */
export function PeerScores({ review }: { review: MyReview }) {
  const peers = usePeerScores(review.assignmentId, review.status === 'SUBMITTED');
  if (review.status !== 'SUBMITTED') return <Alert type="info" showIcon message="提交本人评分后，可查看同组其他专家的评分。" />;
  if (peers.isError) return <LoadError message={peers.error.message} onRetry={() => void peers.refetch()} />;
  const data = peers.data;
  return (
    <>
      {data?.flags && (
        <Space style={{ marginBottom: 8 }} wrap>
          组长提示：
          {data.flags.length === 0 ? <Tag color="success">无明显分歧</Tag> : data.flags.map((f) => (
            <Tooltip key={f} title={FLAG_HINTS[f]}>
              <Tag color="warning">{DIVERGENCE_LABELS[f]}</Tag>
            </Tooltip>
          ))}
        </Space>
      )}
      <Table<Peer>
        size="small"
        rowKey="label"
        loading={peers.isPending}
        pagination={false}
        dataSource={data?.peers ?? []}
        columns={[
          { title: '专家', dataIndex: 'label', render: (label: string, p) => (p.outlier ? <Space>{label}<Tag color="error">离群</Tag></Space> : label) },
          ...review.rubric.map((c) => ({ title: c.name, key: c.name, render: (_: unknown, p: Peer) => (p.submitted ? (p.scores.find((s) => s.name === c.name)?.score ?? '—') : '缺') })),
          { title: '总分', dataIndex: 'total', render: (t: number | null, p: Peer) => (p.submitted && t !== null ? t.toFixed(2) : <Tag>未提交</Tag>) },
          { title: '建议等级', dataIndex: 'suggestedGrade', render: (g: Peer['suggestedGrade']) => (g ? PRIZE_GRADE_LABELS[g] : '—') },
        ]}
      />
    </>
  );
}

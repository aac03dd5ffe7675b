import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Descriptions, Empty, Select, Space, Table, Tabs, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { COMMITTEE_PERMISSIONS as P, COMMITTEE_RATIO_LABELS } from '@dandelion/shared/award/committee';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import type { PrizeGrade } from '@dandelion/shared/award/prize';
import { useHasPermission } from '../../../api/consoleStore';
import { ActionBar } from '../../../components/ActionBar';
import { dateTimeOf } from '../../../components/detail';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { committeeApi, committeeKeys, useSitting, type SittingDetail, type SittingItem } from './api';
import { gradeOptions, gradeText, scoreText, sittingStatusTag } from './committeeLabels';
import { ResultTable } from './ResultTable';
import { SittingFormModal } from './SittingModals';

/**
 * /award/committee/sittingDetail?id=: one sitting — its declarations with the review's figures and the
 * proposed grade (editable while in preparation), who has voted, the result, and the sitting's moves.
 */
export default function SittingDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const sitting = useSitting(id);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const maySetGrade = useHasPermission(P.upd);
  const reload = () => queryClient.invalidateQueries({ queryKey: committeeKeys.detail(id ?? '') });

  if (!id) return <Card><Empty description="请从会议列表进入" /></Card>;
  if (sitting.isError) return <Card><LoadError message={sitting.error.message} onRetry={() => void sitting.refetch()} /></Card>;
  if (!sitting.data) return <PageLoading />;
  const s = sitting.data;
  const draft = s.status === 'DRAFT';

  return (
    <Card
      title={<Space>{s.title}{sittingStatusTag(s.status)}</Space>}
      extra={
        <ActionBar
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, hidden: !draft, onClick: () => setEditing(true) },
            { key: 'pull', label: '补充上会', permission: P.upd, hidden: !draft, onClick: async () => { await committeeApi.addDeclarations(s.id); await reload(); } },
            {
              key: 'open', label: '开始投票', primary: true, permission: P.open, hidden: !draft,
              confirm: { title: '开始投票？', description: '开始后委员、上会申报书与拟授奖等级不能再修改。', okText: '开始投票' },
              onClick: async () => { await committeeApi.open(s.id); await reload(); },
            },
            {
              key: 'close', label: '结束投票', primary: true, permission: P.close, hidden: s.status !== 'VOTING',
              confirm: { title: '结束投票？', description: '每份申报书须达到法定人数；结束后记录结果，申报书转入拟授奖或不予授奖，投票不能再更改。', okText: '结束投票' },
              onClick: async () => { await committeeApi.close(s.id); await reload(); await queryClient.invalidateQueries({ queryKey: committeeKeys.results(s.id) }); },
            },
            { key: 'exportVotes', label: '导出投票表', permission: P.export, hidden: draft, onClick: () => committeeApi.exportVotes(s.id) },
            { key: 'exportResults', label: '导出结果表', permission: P.export, hidden: draft, onClick: () => committeeApi.exportResults(s.id) },
          ]}
        />
      }
    >
      <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="届次">{s.editionName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="奖种">{s.prizeName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="委员">{`${s.memberCount} 人`}</Descriptions.Item>
        <Descriptions.Item label="法定人数">{COMMITTEE_RATIO_LABELS[s.quorumRatio]}</Descriptions.Item>
        <Descriptions.Item label="通过比例">{COMMITTEE_RATIO_LABELS[s.passRatio]}</Descriptions.Item>
        <Descriptions.Item label="开始 / 结束投票">{`${dateTimeOf(s.openedAt)} / ${dateTimeOf(s.closedAt)}`}</Descriptions.Item>
      </Descriptions>
      <Tabs
        items={[
          { key: 'items', label: `上会申报书（${s.items.length}）`, children: <ItemTable sitting={s} editable={draft && maySetGrade} onChanged={() => void reload()} /> },
          { key: 'progress', label: '投票进度', children: <ProgressTable sitting={s} /> },
          { key: 'results', label: '表决结果', children: draft ? <Empty description="开始投票后可查看计票" /> : <ResultTable sittingId={s.id} /> },
        ]}
      />
      <SittingFormModal editing={editing ? s : null} open={editing} onClose={() => setEditing(false)} onSaved={() => { setEditing(false); void reload(); }} />
    </Card>
  );
}

function ItemTable({ sitting, editable, onChanged }: { sitting: SittingDetail; editable: boolean; onChanged: () => void }) {
  const setGrade = async (item: SittingItem, grade: PrizeGrade) => {
    await committeeApi.setProposedGrade(sitting.id, item.declarationId, grade);
    onChanged();
  };
  return (
    <Table<SittingItem>
      rowKey="declarationId"
      size="small"
      pagination={false}
      dataSource={sitting.items}
      locale={{ emptyText: <Empty description="还没有申报书上会：专家评审通过后点“补充上会”" /> }}
      columns={[
        { key: 'no', title: '登记号', dataIndex: 'registrationNo', width: 150 },
        { key: 'title', title: '项目名称', dataIndex: 'title' },
        { key: 'status', title: '申报书状态', dataIndex: 'declarationStatus', width: 120, render: (st: SittingItem['declarationStatus']) => (st ? DECLARATION_STATUS_LABELS[st] : '—') },
        { key: 'score', title: '专家评审汇总分', dataIndex: 'groupScore', width: 120, render: scoreText },
        { key: 'reviews', title: '评审数', dataIndex: 'reviewCount', width: 70 },
        { key: 'suggested', title: '专家建议等级', dataIndex: 'suggestedGrade', width: 110, render: gradeText },
        {
          key: 'proposed', title: '拟授奖等级', dataIndex: 'proposedGrade', width: 140,
          render: (grade: PrizeGrade | null, item) =>
            editable ? (
              <Select size="small" style={{ width: 110 }} aria-label={`${item.title ?? ''}的拟授奖等级`} placeholder="请选择" value={grade ?? undefined} options={gradeOptions(sitting.prizeGrades)} onChange={(g) => void setGrade(item, g)} />
            ) : (
              gradeText(grade)
            ),
        },
        { key: 'votes', title: '已投票', dataIndex: 'votes', width: 80, render: (n: number) => `${n}/${sitting.memberCount}` },
      ]}
    />
  );
}

function ProgressTable({ sitting }: { sitting: SittingDetail }) {
  return (
    <>
      <Typography.Paragraph type="secondary">每位委员须对每份上会申报书投票；结束投票时，每份申报书的投票人数须达到法定人数。</Typography.Paragraph>
      <Table
        rowKey="userId"
        size="small"
        pagination={false}
        dataSource={sitting.members}
        columns={[
          { key: 'name', title: '委员', dataIndex: 'name' },
          { key: 'voted', title: '已投票', dataIndex: 'voted', render: (n: number) => `${n} / ${sitting.items.length}` },
          { key: 'done', title: '状态', render: (_, m) => (m.voted >= sitting.items.length && sitting.items.length ? '已完成' : '未完成') },
        ]}
      />
    </>
  );
}

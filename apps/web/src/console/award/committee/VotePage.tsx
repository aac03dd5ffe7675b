import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Empty, Form, Input, Radio, Select, Space, Table, Tag } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { COMMITTEE_VOTE_CHOICE_LABELS, COMMITTEE_VOTE_CHOICES, voteBody } from '@dandelion/shared/award/committee';
import { FormModal } from '../../../components/form/FormModal';
import { rulesOf } from '../../../components/form/zodRules';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { committeeApi, committeeKeys, useMySitting, type MyItem, type MySitting, type VoteValues } from './api';
import { gradeOptions, gradeText, scoreText, sittingStatusTag } from './committeeLabels';

const rules = rulesOf(voteBody);

function voteText(item: MyItem) {
  const v = item.myVote;
  if (!v) return <Tag>未投票</Tag>;
  if (v.choice === 'AGREE') return <Tag color="success">同意（{gradeText(item.proposedGrade)}）</Tag>;
  if (v.choice === 'NOT_AWARD') return <Tag color="error">不予授奖</Tag>;
  return <Tag color="warning">建议{gradeText(v.grade)}</Tag>;
}

/** /award/committeeVote/vote?id=: the member's ballot per declaration, with the review's score and the grade put to the vote. */
export default function VotePage() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const sitting = useMySitting(id);
  const queryClient = useQueryClient();
  const [voting, setVoting] = useState<MyItem | null>(null);

  if (!id) return <Card><Empty description="请从我的会议进入" /></Card>;
  if (sitting.isError) return <Card><LoadError message={sitting.error.message} onRetry={() => void sitting.refetch()} /></Card>;
  if (!sitting.data) return <PageLoading />;
  const s = sitting.data;
  const open = s.status === 'VOTING';
  const done = s.items.filter((i) => i.myVote).length;

  return (
    <Card title={<Space>{s.title}{sittingStatusTag(s.status)}</Space>} extra={`${s.editionName ?? ''} · ${s.prizeName ?? ''}`}>
      <Alert
        type={open ? 'info' : 'success'}
        showIcon
        style={{ marginBottom: 12 }}
        message={open ? `已投 ${done} / ${s.items.length} 份。投票结束前可以修改；拟授奖等级未达到通过比例时降一等再计。` : '投票已结束，投票不能再更改。'}
      />
      <Table<MyItem>
        rowKey="declarationId"
        size="small"
        pagination={false}
        dataSource={s.items}
        columns={[
          { key: 'no', title: '登记号', dataIndex: 'registrationNo', width: 150 },
          { key: 'title', title: '项目名称', dataIndex: 'title' },
          { key: 'score', title: '专家评审汇总分', dataIndex: 'groupScore', width: 120, render: scoreText },
          { key: 'reviews', title: '评审数', dataIndex: 'reviewCount', width: 70 },
          { key: 'proposed', title: '拟授奖等级', dataIndex: 'proposedGrade', width: 100, render: gradeText },
          { key: 'mine', title: '我的投票', width: 150, render: (_, item) => voteText(item) },
          { key: 'comment', title: '说明', width: 160, render: (_, item) => item.myVote?.comment ?? '—' },
          {
            key: 'action', title: '操作', width: 90, fixed: 'right',
            render: (_, item) => (open ? <Button type="link" size="small" onClick={() => setVoting(item)}>{item.myVote ? '修改' : '投票'}</Button> : null),
          },
        ]}
      />
      <VoteModal
        sitting={s}
        item={voting}
        onClose={() => setVoting(null)}
        onSaved={() => {
          setVoting(null);
          void queryClient.invalidateQueries({ queryKey: committeeKeys.mine(s.id) });
        }}
      />
    </Card>
  );
}

function VoteModal({ sitting, item, onClose, onSaved }: { sitting: MySitting; item: MyItem | null; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<VoteValues>();
  const choice = Form.useWatch('choice', form);
  return (
    <FormModal<VoteValues, unknown>
      open={!!item}
      title={`投票：${item?.title ?? ''}`}
      name="committeeVote"
      form={form}
      initialValues={{ choice: item?.myVote?.choice ?? 'AGREE', grade: item?.myVote?.grade ?? undefined, comment: item?.myVote?.comment ?? '' }}
      save={(values) => committeeApi.vote(sitting.id, item!.declarationId, { ...values, grade: values.choice === 'OTHER_GRADE' ? values.grade : null })}
      onSaved={onSaved}
      onClose={onClose}
      okText="提交投票"
      doneMessage="投票已保存"
    >
      <Form.Item label="拟授奖等级">{gradeText(item?.proposedGrade)}（专家评审汇总分 {scoreText(item?.groupScore)}）</Form.Item>
      <Form.Item name="choice" label="表决意见" rules={rules.choice}>
        <Radio.Group options={COMMITTEE_VOTE_CHOICES.map((c) => ({ value: c, label: COMMITTEE_VOTE_CHOICE_LABELS[c] }))} />
      </Form.Item>
      {choice === 'OTHER_GRADE' && (
        <Form.Item name="grade" label="建议等级" rules={[{ required: true, message: '请选择建议的等级' }]}>
          <Select placeholder="请选择" options={gradeOptions(sitting.prizeGrades.filter((g) => g !== item?.proposedGrade))} />
        </Form.Item>
      )}
      <Form.Item name="comment" label="说明" rules={rules.comment}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormModal>
  );
}

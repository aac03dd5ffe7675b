import { useState } from 'react';
import { Alert, Button, Card, Empty, Form, Select, Space, Typography } from 'antd';
import { ExportOutlined, SettingOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { GROUP_SCORE_METHOD_LABELS } from '@dandelion/shared/award/aggregation';
import { REVIEW_RESULT_PERMISSIONS as P, type ReviewDecision } from '@dandelion/shared/award/scoring';
import { useHasPermission } from '../../../api/consoleStore';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { scoringApi, scoringKeys, useGroupResult, useResultGroups, type ResultReview } from './api';
import { DecisionModal, ReopenModal, SettingsModal } from './ResultModals';
import { ResultTable } from './ResultTable';

/**
 * 评审结果: choose edition, prize and group; the aggregated table with the quota line; the selected
 * declarations passed, eliminated or deferred with an opinion; a review reopened with a reason; export.
 */
export default function ReviewResultPage() {
  const { editions, prizes } = useAwardFilterOptions();
  const [editionId, setEditionId] = useState<string>();
  const [prizeId, setPrizeId] = useState<string>();
  const [groupId, setGroupId] = useState<string>();
  const groups = useResultGroups(editionId, prizeId);
  const result = useGroupResult(groupId);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<string[]>([]);
  const [decision, setDecision] = useState<ReviewDecision | null>(null);
  const [reopening, setReopening] = useState<ResultReview | null>(null);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const mayDecide = useHasPermission(P.decide);
  const mayReopen = useHasPermission(P.reopen);
  const mayExport = useHasPermission(P.export);
  const maySet = useHasPermission(P.setting);

  const reload = async () => {
    if (groupId) await queryClient.invalidateQueries({ queryKey: scoringKeys.result(groupId) });
  };
  const done = async () => {
    setDecision(null);
    setReopening(null);
    setSettingsOpen(false);
    setSelected([]);
    await reload();
  };
  const r = result.data;

  return (
    <Card>
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="届次">
          <Select allowClear placeholder="全部届次" style={{ width: 220 }} options={editions} value={editionId} onChange={(v) => { setEditionId(v); setGroupId(undefined); }} />
        </Form.Item>
        <Form.Item label="奖种">
          <Select allowClear placeholder="全部奖种" style={{ width: 180 }} options={prizes} value={prizeId} onChange={(v) => { setPrizeId(v); setGroupId(undefined); }} />
        </Form.Item>
        <Form.Item label="评审组">
          <Select
            placeholder="请选择评审组"
            aria-label="评审组"
            style={{ width: 220 }}
            loading={groups.isPending}
            options={(groups.data ?? []).map((g) => ({ value: g.groupId, label: g.groupName }))}
            value={groupId}
            onChange={(v) => { setGroupId(v); setSelected([]); }}
          />
        </Form.Item>
      </Form>
      {groups.isError && <LoadError message={groups.error.message} onRetry={() => void groups.refetch()} />}
      {!groupId && <Empty description="请选择评审组查看汇总结果（有专家评分记录的评审组会出现在列表中）" />}
      {result.isError && <LoadError message={result.error.message} onRetry={() => void result.refetch()} />}
      {groupId && result.isPending && <PageLoading />}
      {r && (
        <>
          <Space style={{ marginBottom: 12, width: '100%', justifyContent: 'space-between' }} wrap>
            <Typography.Text type="secondary">
              {`${r.prizeName} · ${r.groupName} · 组内得分：${GROUP_SCORE_METHOD_LABELS[r.scoreMethod]} · ${r.quota === null ? '未设名额线' : `名额 ${r.quota} 项（红线以上）`}`}
            </Typography.Text>
            <Space wrap>
              {mayDecide && (
                <>
                  <Button type="primary" disabled={!selected.length} onClick={() => setDecision('REVIEWED')}>通过</Button>
                  <Button danger disabled={!selected.length} onClick={() => setDecision('ELIMINATED')}>淘汰</Button>
                  <Button disabled={!selected.length} onClick={() => setDecision('DEFERRED')}>缓评</Button>
                </>
              )}
              {maySet && <Button icon={<SettingOutlined />} onClick={() => setSettingsOpen(true)}>汇总设置</Button>}
              {mayExport && <Button icon={<ExportOutlined />} onClick={() => void scoringApi.export(r.groupId)}>导出</Button>}
            </Space>
          </Space>
          {r.tiedAtLine && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message="名额线上有并列：并列的申报书都列在名额内，请人工决定。" />}
          <ResultTable result={r} selected={selected} onSelect={setSelected} onReopen={mayReopen ? setReopening : undefined} />
          <DecisionModal decision={decision} declarationIds={selected} onClose={() => setDecision(null)} onDone={() => void done()} />
          <ReopenModal review={reopening} onClose={() => setReopening(null)} onDone={() => void done()} />
          <SettingsModal result={r} open={settingsOpen} onClose={() => setSettingsOpen(false)} onDone={() => void done()} />
        </>
      )}
    </Card>
  );
}

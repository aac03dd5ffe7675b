import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Popconfirm, Space, Tabs, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { EXPERT_PUSH_PERMISSIONS as P } from '@dandelion/shared/award/expertPush';
import { useHasPermission } from '../../../api/consoleStore';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { expertPushApi, type Proposal } from './api';
import { ChangeModal, type PendingChange } from './ChangeModal';
import { ProposalTable } from './ProposalTable';
import { ChangeLogTable, ExcludedTable, LoadTable } from './ProposalSideTables';
import { groupStatusTag } from './ReviewGroupListPage';

export const proposalKey = (groupId: string) => ['expertPush', 'proposal', groupId] as const;

/**
 * /award/reviewGroup/expertPushProposal?id=: 生成分配方案 (the recorded seed again, or 换一个种子),
 * the proposal per declaration with each choice's reason and the alternates, manual changes with a
 * reason, the loads, the declarations short of experts, the excluded pairs, the log, and 推送.
 */
export default function ExpertPushProposalPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mayPropose = useHasPermission(P.propose);
  const mayPush = useHasPermission(P.push);
  const mayReadLog = useHasPermission(P.log);
  const proposal = useQuery({ queryKey: proposalKey(id), queryFn: ({ signal }) => expertPushApi.proposal(id, signal), enabled: !!id });
  const [pending, setPending] = useState<PendingChange | null>(null);
  const [busy, setBusy] = useState<'propose' | 'reseed' | 'push' | null>(null);
  const [version, setVersion] = useState(0);
  const p = proposal.data;

  const show = (next: Proposal) => {
    queryClient.setQueryData(proposalKey(id), next);
    setVersion((v) => v + 1);
  };
  const run = async (kind: 'propose' | 'reseed' | 'push', act: () => Promise<unknown>) => {
    setBusy(kind);
    try {
      await act();
    } catch {
      // The request layer has shown the refusal.
    } finally {
      setBusy(null);
    }
  };
  const propose = (newSeed: boolean) =>
    run(newSeed ? 'reseed' : 'propose', async () => {
      const next = await expertPushApi.propose(id, newSeed ? undefined : (p?.seed ?? undefined));
      show(next);
      message.success(`已生成分配方案（随机种子 ${next.seed}）`);
    });
  const push = () =>
    run('push', async () => {
      const result = await expertPushApi.push(id);
      show(result.proposal);
      message.success(`已推送 ${result.pushed} 人次，${result.declarations} 项申报书进入专家评审`);
    });

  const waiting = p?.declarations.reduce((n, d) => n + d.experts.filter((e) => e.state === 'PROPOSED').length, 0) ?? 0;

  return (
    <Card
      title={p ? <Space>{`专家分配方案：${p.groupName}`}{groupStatusTag(p.status)}</Space> : '专家分配方案'}
      extra={
        <Space wrap>
          {p && <Typography.Text type="secondary">{p.seed ? `随机种子 ${p.seed}` : '尚未生成方案'}</Typography.Text>}
          {mayPropose && p && (
            <>
              <Button type={p.seed ? 'default' : 'primary'} loading={busy === 'propose'} disabled={!!busy} onClick={() => void propose(false)}>
                生成分配方案
              </Button>
              {p.seed && (
                <Button loading={busy === 'reseed'} disabled={!!busy} onClick={() => void propose(true)}>
                  换一个种子
                </Button>
              )}
            </>
          )}
          {mayPush && p && (
            <Popconfirm
              title={`推送 ${waiting} 人次的评审邀请？`}
              description="专家将收到站内信，申报书进入专家评审；候补专家在有人拒绝、回避或超期时递补。"
              okText="推送"
              cancelText="取消"
              disabled={!waiting || !!busy}
              onConfirm={() => push()}
            >
              <Button type="primary" loading={busy === 'push'} disabled={!waiting || !!busy}>
                推送
              </Button>
            </Popconfirm>
          )}
          <Button onClick={() => history.back()}>返回</Button>
        </Space>
      }
    >
      {!id && <Empty description="没有指定评审组" />}
      {proposal.isError && <LoadError message={proposal.error.message} onRetry={() => void proposal.refetch()} />}
      {id && proposal.isPending && <PageLoading />}
      {p && (
        <>
          {p.underAssigned.length > 0 && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              message={`${p.underAssigned.length} 项申报书专家不足`}
              description={p.underAssigned.map((u) => `${u.title ?? '（未填写项目名称）'}：${u.assigned}/${u.wanted}`).join('；')}
            />
          )}
          <Tabs
            items={[
              { key: 'proposal', label: '分配方案', children: <ProposalTable declarations={p.declarations} onChange={setPending} /> },
              { key: 'loads', label: '专家负载', children: <LoadTable loads={p.loads} /> },
              { key: 'excluded', label: '回避排除', children: <ExcludedTable groupId={id} key={version} /> },
              ...(mayReadLog ? [{ key: 'log', label: '调整日志', children: <ChangeLogTable groupId={id} version={version} /> }] : []),
            ]}
          />
        </>
      )}
      <ChangeModal
        groupId={id}
        pending={pending}
        experts={p?.loads ?? []}
        onClose={() => setPending(null)}
        onChanged={(next) => {
          setPending(null);
          show(next);
        }}
      />
    </Card>
  );
}

import { Button, Card, Empty, Space, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/LoadError';
import { PageLoading } from '../../../components/PageLoading';
import { reviewGroupApi } from './api';
import { GroupDeclarations } from './GroupDeclarations';
import { GroupExperts } from './GroupExperts';

export const membersKey = (groupId: string) => ['reviewGroup', 'members', groupId] as const;

/** /award/reviewGroup/reviewGroupMembers?id=: the declarations and the experts of one review group. */
export default function ReviewGroupMembersPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const group = useQuery({ queryKey: ['reviewGroup', 'detail', id], queryFn: ({ signal }) => reviewGroupApi.detail(id, signal), enabled: !!id });
  const members = useQuery({ queryKey: membersKey(id), queryFn: ({ signal }) => reviewGroupApi.members(id, signal), enabled: !!id });
  const failed = group.error ?? members.error;
  return (
    <Card
      title={group.data ? `评审组成员：${group.data.groupName}` : '评审组成员'}
      extra={
        <Space>
          <Button onClick={() => history.back()}>返回</Button>
        </Space>
      }
    >
      {!id && <Empty description="没有指定评审组" />}
      {failed && <LoadError message={failed.message} onRetry={() => void Promise.all([group.refetch(), members.refetch()])} />}
      {id && (group.isPending || members.isPending) && !failed && <PageLoading />}
      {group.data && members.data && (
        <Tabs
          items={[
            { key: 'declarations', label: `申报书（${members.data.declarations.length}）`, children: <GroupDeclarations group={group.data} members={members.data} onChanged={() => void members.refetch()} /> },
            { key: 'experts', label: `专家（${members.data.experts.length}）`, children: <GroupExperts group={group.data} members={members.data} onChanged={() => void Promise.all([members.refetch(), group.refetch()])} /> },
          ]}
        />
      )}
    </Card>
  );
}

import { useState } from 'react';
import { App, Button, Input, InputNumber, Modal, Select, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EXPERT_STATUS_LABELS } from '@dandelion/shared/award/expert';
import { REVIEW_GROUP_PERMISSIONS as P } from '@dandelion/shared/award/reviewGroup';
import { useHasPermission } from '../../../api/consoleStore';
import { BusyButton } from '../../../components/BusyButton';
import { reviewGroupApi, type GroupExpert, type GroupMembers, type ReviewGroup } from './api';

/**
 * The group's experts, each with an optional maximum load of their own, and its leader. Edited
 * here, saved together (保存专家); added from the pool's active experts by discipline prefix or name.
 */
export function GroupExperts({ group, members, onChanged }: { group: ReviewGroup; members: GroupMembers; onChanged: () => void }) {
  const { message } = App.useApp();
  const mayEdit = useHasPermission(P.members);
  const [experts, setExperts] = useState<GroupExpert[]>(members.experts);
  const [leader, setLeader] = useState<string | null>(members.leaderExpertId);
  const [seen, setSeen] = useState(members);
  if (seen !== members) {
    setSeen(members);
    setExperts(members.experts);
    setLeader(members.leaderExpertId);
  }
  const [adding, setAdding] = useState(false);
  const [filter, setFilter] = useState<{ prefixes: string[]; keyword: string }>({ prefixes: group.disciplineCodes, keyword: '' });
  const [picked, setPicked] = useState<string[]>([]);
  const candidates = useQuery({
    queryKey: ['reviewGroup', 'candidateExperts', group.groupId, filter],
    queryFn: ({ signal }) => reviewGroupApi.candidateExperts(group.groupId, { disciplinePrefixes: filter.prefixes, keyword: filter.keyword || undefined }, signal),
    enabled: adding,
  });
  const inGroup = new Set(experts.map((e) => e.expertId));

  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await reviewGroupApi.setExperts(group.groupId, experts.map((e) => ({ expertId: e.expertId, maxLoad: e.maxLoad })), leader);
      message.success('保存成功');
      onChanged();
    } catch {
      // The request layer has shown the refusal.
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      {mayEdit && (
        <Space style={{ marginBottom: 12 }} wrap>
          <Button onClick={() => setAdding(true)}>添加专家</Button>
          <span>组长</span>
          <Select
            allowClear
            style={{ width: 200 }}
            placeholder="选择组长"
            value={leader ?? undefined}
            onChange={(v?: string) => setLeader(v ?? null)}
            options={experts.map((e) => ({ value: e.expertId, label: e.name }))}
          />
          <BusyButton type="primary" busy={saving} onClick={() => void save()}>
            保存专家
          </BusyButton>
        </Space>
      )}
      <Table<GroupExpert>
        size="small"
        rowKey="expertId"
        dataSource={experts}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '还没有专家：从专家库中添加状态正常的专家' }}
        columns={[
          { key: 'name', title: '姓名', dataIndex: 'name', width: 110, render: (v: string, row) => (row.expertId === leader ? <Space>{v}<Tag color="gold">组长</Tag></Space> : v) },
          { key: 'title', title: '职称', dataIndex: 'title', width: 110, render: (v: string | null) => v ?? '—' },
          { key: 'unitName', title: '单位', dataIndex: 'unitName', render: (v: string | null) => v ?? '—' },
          { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (v: GroupExpert['status']) => EXPERT_STATUS_LABELS[v] },
          {
            key: 'maxLoad', title: '最多评审项数', width: 150,
            render: (_: unknown, row) => (
              <InputNumber
                size="small"
                min={0}
                max={200}
                precision={0}
                disabled={!mayEdit}
                placeholder={`默认 ${group.maxLoad}`}
                aria-label={`${row.name}的最多评审项数`}
                value={row.maxLoad ?? undefined}
                onChange={(v) => setExperts((all) => all.map((e) => (e.expertId === row.expertId ? { ...e, maxLoad: v ?? null } : e)))}
              />
            ),
          },
          ...(mayEdit
            ? [{ key: 'action', title: '操作', width: 80, render: (_: unknown, row: GroupExpert) => <Button type="link" size="small" onClick={() => setExperts((all) => all.filter((e) => e.expertId !== row.expertId))}>移出</Button> }]
            : []),
        ]}
      />
      <Modal
        title="添加专家"
        open={adding}
        width={860}
        destroyOnHidden
        okText="加入"
        okButtonProps={{ disabled: !picked.length }}
        onCancel={() => setAdding(false)}
        onOk={() => {
          const chosen = (candidates.data ?? []).filter((c) => picked.includes(c.expertId) && !inGroup.has(c.expertId));
          setExperts((all) => [...all, ...chosen]);
          setPicked([]);
          setAdding(false);
          message.info('已加入列表，请点「保存专家」保存');
        }}
      >
        <Space style={{ marginBottom: 12 }} wrap>
          <Select mode="tags" style={{ minWidth: 240 }} placeholder="学科代码前缀" value={filter.prefixes} onChange={(prefixes: string[]) => setFilter((f) => ({ ...f, prefixes }))} />
          <Input.Search allowClear placeholder="专家姓名" onSearch={(keyword) => setFilter((f) => ({ ...f, keyword }))} style={{ width: 200 }} />
        </Space>
        <Table<GroupExpert>
          size="small"
          rowKey="expertId"
          loading={candidates.isPending}
          dataSource={candidates.data ?? []}
          pagination={{ pageSize: 10 }}
          rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)), getCheckboxProps: (row) => ({ disabled: inGroup.has(row.expertId) }) }}
          columns={[
            { key: 'name', title: '姓名', dataIndex: 'name', width: 110 },
            { key: 'title', title: '职称', dataIndex: 'title', width: 110, render: (v: string | null) => v ?? '—' },
            { key: 'unitName', title: '单位', dataIndex: 'unitName', render: (v: string | null) => v ?? '—' },
          ]}
          locale={{ emptyText: '没有符合条件的正常状态专家' }}
        />
      </Modal>
    </>
  );
}

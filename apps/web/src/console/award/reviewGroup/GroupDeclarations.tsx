import { useState } from 'react';
import { App, Button, Modal, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DECLARATION_STATUS_LABELS } from '@dandelion/shared/award/declaration';
import { REVIEW_GROUP_PERMISSIONS as P } from '@dandelion/shared/award/reviewGroup';
import { useHasPermission } from '../../../api/consoleStore';
import { reviewGroupApi, type GroupDeclaration, type GroupMembers, type ReviewGroup } from './api';

const columns = [
  { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 140, render: (v: string | null) => v ?? '—' },
  { key: 'title', title: '项目名称', dataIndex: 'title', render: (v: string | null) => v ?? '（未填写项目名称）' },
  { key: 'disciplineCode', title: '学科代码', dataIndex: 'disciplineCode', width: 110, render: (v: string | null) => v ?? '—' },
  { key: 'firstCompleter', title: '第一完成人', dataIndex: 'firstCompleter', width: 110, render: (v: string | null) => v ?? '—' },
  { key: 'status', title: '状态', dataIndex: 'status', width: 110, render: (v: GroupDeclaration['status']) => <Tag>{DECLARATION_STATUS_LABELS[v]}</Tag> },
];

/** The group's declarations: add by the group's discipline prefixes or by hand, take one out while it has no assignment. */
export function GroupDeclarations({ group, members, onChanged }: { group: ReviewGroup; members: GroupMembers; onChanged: () => void }) {
  const { message } = App.useApp();
  const mayEdit = useHasPermission(P.members);
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const candidates = useQuery({
    queryKey: ['reviewGroup', 'candidateDeclarations', group.groupId],
    queryFn: ({ signal }) => reviewGroupApi.candidateDeclarations(group.groupId, undefined, signal),
    enabled: picking,
  });
  const current = members.declarations.map((d) => d.declarationId);
  const save = async (declarationIds: string[]) => {
    await reviewGroupApi.setDeclarations(group.groupId, { declarationIds });
    message.success('设置成功');
    onChanged();
  };
  const byDisciplines = async () => {
    await reviewGroupApi.setDeclarations(group.groupId, { byDisciplines: true });
    message.success('已按学科代码加入申报书');
    onChanged();
  };

  return (
    <>
      {mayEdit && (
        <Space style={{ marginBottom: 12 }}>
          <Button type="primary" disabled={!group.disciplineCodes.length} onClick={() => void byDisciplines()}>
            按学科代码加入
          </Button>
          <Button onClick={() => setPicking(true)}>选择申报书</Button>
        </Space>
      )}
      <Table<GroupDeclaration>
        size="small"
        rowKey="declarationId"
        dataSource={members.declarations}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        locale={{ emptyText: '还没有申报书：可按本组学科代码加入本届次本奖种已受理的申报书' }}
        columns={[
          ...columns,
          ...(mayEdit
            ? [{ key: 'action', title: '操作', width: 80, render: (_: unknown, row: GroupDeclaration) => <Button type="link" size="small" onClick={() => void save(current.filter((id) => id !== row.declarationId))}>移出</Button> }]
            : []),
        ]}
      />
      <Modal
        title="选择申报书"
        open={picking}
        width={860}
        destroyOnHidden
        okText="加入"
        okButtonProps={{ disabled: !picked.length }}
        onCancel={() => setPicking(false)}
        onOk={async () => {
          await save([...current, ...picked]);
          setPicked([]);
          setPicking(false);
        }}
      >
        <Table<GroupDeclaration>
          size="small"
          rowKey="declarationId"
          loading={candidates.isPending}
          dataSource={candidates.data ?? []}
          columns={columns}
          pagination={{ pageSize: 10 }}
          rowSelection={{ selectedRowKeys: picked, onChange: (keys) => setPicked(keys.map(String)) }}
          locale={{ emptyText: '没有可加入的申报书（已受理且尚未分组的）' }}
        />
      </Modal>
    </>
  );
}

import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { ASSIGNMENT_ROLE_LABELS, ASSIGNMENT_STATE_LABELS, DECLINE_REASON_LABELS, EXPERT_PUSH_PERMISSIONS as P, type AssignmentState } from '@dandelion/shared/award/expertPush';
import { useHasPermission } from '../../../api/consoleStore';
import type { ProposalDeclaration, ProposedExpert } from './api';
import type { PendingChange } from './ChangeModal';

const STATE_COLORS: Record<AssignmentState, string> = {
  PROPOSED: 'default',
  PUSHED: 'processing',
  ACCEPTED: 'success',
  IN_PROGRESS: 'success',
  SUBMITTED: 'green',
  DECLINED: 'error',
  REMOVED: 'error',
  OVERDUE: 'warning',
};

/** An expert as a tag: the reason of the choice on hover, a lock when kept by hand. */
function expertTag(e: ProposedExpert) {
  return (
    <Tooltip key={e.assignmentId} title={e.reason ?? '无说明'}>
      <Tag color={e.role === 'ALTERNATE' ? 'default' : STATE_COLORS[e.state]} icon={e.locked ? <LockOutlined /> : undefined}>
        {e.role === 'ALTERNATE' ? `候补${e.alternateRank} ` : ''}
        {e.expertName}
      </Tag>
    </Tooltip>
  );
}

/**
 * The proposal per declaration: its experts and alternates as tags (reasons on hover), the
 * under-staffed ones marked; expanded, each expert with the reason in full and the changes the
 * office may make (each asks for a reason).
 */
export function ProposalTable({ declarations, onChange }: { declarations: ProposalDeclaration[]; onChange: (change: PendingChange) => void }) {
  const mayChange = useHasPermission(P.change);
  const titleOf = (d: ProposalDeclaration) => d.title ?? '（未填写项目名称）';
  return (
    <Table<ProposalDeclaration>
      size="small"
      rowKey="declarationId"
      dataSource={declarations}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      onRow={(d) => (d.underAssigned ? { style: { background: '#fff1f0' }, 'aria-label': '专家不足' } : {})}
      locale={{ emptyText: '还没有分配方案：请先设置本组的申报书和专家，再生成分配方案' }}
      columns={[
        { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 130, render: (v: string | null) => v ?? '—' },
        { key: 'title', title: '项目名称', width: 220, render: (_: unknown, d) => titleOf(d) },
        {
          key: 'assigned', title: '专家数', width: 110,
          render: (_: unknown, d) => (d.underAssigned ? <Tag color="error">{`专家不足 ${d.assigned}/${d.wanted}`}</Tag> : <Tag color="success">{`${d.assigned}/${d.wanted}`}</Tag>),
        },
        { key: 'experts', title: '评审专家', render: (_: unknown, d) => <Space size={[0, 4]} wrap>{d.experts.map(expertTag)}</Space> },
        { key: 'alternates', title: '候补专家', width: 200, render: (_: unknown, d) => (d.alternates.length ? <Space size={[0, 4]} wrap>{d.alternates.map(expertTag)}</Space> : <Typography.Text type="secondary">无</Typography.Text>) },
        ...(mayChange
          ? [{ key: 'action', title: '操作', width: 90, render: (_: unknown, d: ProposalDeclaration) => <Button type="link" size="small" onClick={() => onChange({ action: 'ADD', declarationId: d.declarationId, declarationTitle: titleOf(d) })}>添加专家</Button> }]
          : []),
      ]}
      expandable={{
        expandedRowRender: (d) => (
          <Table<ProposedExpert>
            size="small"
            rowKey="assignmentId"
            pagination={false}
            dataSource={[...d.experts, ...d.alternates, ...d.left]}
            columns={[
              { key: 'expertName', title: '专家', dataIndex: 'expertName', width: 100 },
              { key: 'unitName', title: '单位', dataIndex: 'unitName', width: 160, render: (v: string | null) => v ?? '—' },
              { key: 'role', title: '角色', width: 90, render: (_: unknown, e) => (e.role === 'ALTERNATE' ? `候补 ${e.alternateRank}` : ASSIGNMENT_ROLE_LABELS[e.role]) },
              {
                key: 'state', title: '状态', width: 150,
                render: (_: unknown, e) => (
                  <Space size={4}>
                    <Tag color={STATE_COLORS[e.state]}>{ASSIGNMENT_STATE_LABELS[e.state]}</Tag>
                    {e.locked && <LockOutlined aria-label="已锁定" />}
                    {e.declineReason && <Typography.Text type="secondary">{DECLINE_REASON_LABELS[e.declineReason]}</Typography.Text>}
                  </Space>
                ),
              },
              { key: 'reason', title: '选择理由', dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
              ...(mayChange
                ? [
                    {
                      key: 'action', title: '操作', width: 200,
                      render: (_: unknown, e: ProposedExpert) => {
                        const base = { declarationId: d.declarationId, declarationTitle: titleOf(d), expertId: e.expertId, expertName: e.expertName };
                        const holding = !['DECLINED', 'REMOVED', 'OVERDUE'].includes(e.state);
                        if (!holding) return null;
                        return (
                          <Space size={0}>
                            <Button type="link" size="small" onClick={() => onChange({ ...base, action: e.locked ? 'UNLOCK' : 'LOCK' })}>{e.locked ? '解锁' : '锁定'}</Button>
                            {e.state !== 'SUBMITTED' && <Button type="link" size="small" onClick={() => onChange({ ...base, action: 'REMOVE' })}>移除</Button>}
                            {e.state !== 'SUBMITTED' && <Button type="link" size="small" danger onClick={() => onChange({ ...base, action: 'VETO' })}>排除</Button>}
                          </Space>
                        );
                      },
                    },
                  ]
                : []),
            ]}
          />
        ),
      }}
    />
  );
}

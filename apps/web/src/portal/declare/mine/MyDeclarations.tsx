import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Card, Empty, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DECLARATION_STATUS_LABELS, DECLARATION_STATUSES, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { declareApi, declareKeys, type DeclarationRow, type MineQuery } from '../api';
import { statusColor } from '../statusColor';
import { formPath } from '../useStartDeclaration';
import { HistoryDrawer } from './HistoryDrawer';
import { RevokeDialog } from './RevokeDialog';
import { useResultGrades } from './resultGrades';
import '../declare.css';

const PAGE_SIZE = 10;

/** The result beside the status: the committee's grade (拟 while in publicity), or 未获奖. */
function resultTag(status: DeclarationStatus, grade: keyof typeof PRIZE_GRADE_LABELS | undefined) {
  if (!grade || !['PROPOSED', 'IN_RESULT_PUBLICITY', 'OBJECTION_HOLD', 'AWARDED'].includes(status)) return null;
  return <Tag color="gold">{`${status === 'AWARDED' ? '' : '拟'}${PRIZE_GRADE_LABELS[grade]}`}</Tag>;
}
export const printPath = (declarationId: string) => `/declare/print/${declarationId}`;

/**
 * 我的申报 (个人中心): every declaration of the applicant with its status, step, deadline and
 * 登记号, and exactly the actions its row allows; 办理记录 for each.
 */
export function MyDeclarations() {
  const navigate = useNavigate();
  const [status, setStatus] = useState<DeclarationStatus | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const [revoking, setRevoking] = useState<DeclarationRow | null>(null);
  const [historyOf, setHistoryOf] = useState<DeclarationRow | null>(null);
  const query: MineQuery = { pageParameter: { pageNum, pageSize: PAGE_SIZE }, ...(status ? { status } : {}) };
  const page = useQuery({ queryKey: declareKeys.mine(query), queryFn: ({ signal }) => declareApi.mine(query, signal), placeholderData: keepPreviousData });
  const grades = useResultGrades();

  const remove = async (row: DeclarationRow) => {
    await declareApi.remove(row.declarationId, row.lockVersion);
    void page.refetch();
  };

  const actionsOf = (row: DeclarationRow) => {
    const name = row.title ?? row.prizeName;
    return (
      <Space size={0} wrap>
        {row.actions.includes('EDIT') ? (
          <Button type="link" size="small" onClick={() => navigate(formPath(row.declarationId))} aria-label={`${row.status === 'DRAFT' ? '填写' : '修改'} ${name}`}>
            {row.status === 'DRAFT' ? '填写' : '修改'}
          </Button>
        ) : null}
        {row.actions.includes('DELETE') ? (
          <Popconfirm title="删除这份草稿？删除后不能恢复。" okText="删除" cancelText="取消" okButtonProps={{ danger: true }} onConfirm={() => remove(row)}>
            <Button type="link" size="small" danger aria-label={`删除 ${name}`}>
              删除
            </Button>
          </Popconfirm>
        ) : null}
        {row.actions.includes('REVOKE') ? (
          <Button type="link" size="small" danger onClick={() => setRevoking(row)} aria-label={`撤回 ${name}`}>
            撤回
          </Button>
        ) : null}
        {row.actions.includes('PRINT') ? (
          <Button type="link" size="small" href={printPath(row.declarationId)} target="_blank" rel="noopener" aria-label={`打印 ${name}`}>
            打印
          </Button>
        ) : null}
        <Button type="link" size="small" onClick={() => setHistoryOf(row)} aria-label={`办理记录 ${name}`}>
          办理记录
        </Button>
      </Space>
    );
  };

  return (
    <Card className="dl-my-declarations">
      <div className="dl-my-declarations__bar">
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="按状态筛选"
          style={{ width: 180 }}
          value={status}
          onChange={(next: DeclarationStatus | undefined) => {
            setStatus(next);
            setPageNum(1);
          }}
          options={DECLARATION_STATUSES.map((s) => ({ value: s, label: DECLARATION_STATUS_LABELS[s] }))}
        />
        <Link to="/declare">开始新的申报</Link>
      </div>
      <Table<DeclarationRow>
        rowKey="declarationId"
        size="middle"
        loading={page.isFetching}
        dataSource={page.data?.list ?? []}
        scroll={{ x: 960 }}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false, showTotal: (total) => `共 ${total} 份` }}
        locale={{
          emptyText: status ? (
            <Empty description="没有该状态的申报书" />
          ) : (
            <Empty description="您还没有申报书">
              <Link to="/declare">去申报</Link>
            </Empty>
          ),
        }}
        columns={[
          {
            title: '项目名称',
            key: 'title',
            render: (_, row) => <Link to={formPath(row.declarationId)}>{row.title || '（未填写项目名称）'}</Link>,
          },
          { title: '奖种', dataIndex: 'prizeName', width: 120 },
          { title: '届次', dataIndex: 'editionName', width: 110 },
          { title: '登记号', dataIndex: 'registrationNo', width: 140, render: (v: string | null) => v ?? '—' },
          {
            title: '状态',
            key: 'status',
            width: 130,
            render: (_, row) => (
              <Space size={4} wrap>
                <Tag color={statusColor(row.status)}>{DECLARATION_STATUS_LABELS[row.status]}</Tag>
                {row.revocationPending ? <Tag color="orange">撤回申请中</Tag> : null}
                {resultTag(row.status, grades.get(row.declarationId))}
              </Space>
            ),
          },
          { title: '当前环节', dataIndex: 'currentStep', width: 150 },
          { title: '截止日期', dataIndex: 'deadline', width: 110, render: (v: string | null) => v ?? '—' },
          { title: '操作', key: 'actions', width: 220, render: (_, row) => actionsOf(row) },
        ]}
      />
      <RevokeDialog row={revoking} onClose={() => setRevoking(null)} onDone={() => void page.refetch()} />
      <HistoryDrawer row={historyOf} onClose={() => setHistoryOf(null)} />
    </Card>
  );
}

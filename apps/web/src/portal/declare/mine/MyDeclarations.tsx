import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DECLARATION_STATUS_LABELS, DECLARATION_STATUSES, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS } from '@dandelion/shared/award/prize';
import { PortalButton, PortalCard, PortalEmpty, PortalTag } from '../../shared/light';
import { PortalPopconfirm } from '../../shared/light/Popconfirm';
import { PortalSelect } from '../../shared/light/Select';
import { PortalTable, type PortalColumn } from '../../shared/light/Table';
import { declareApi, declareKeys, type DeclarationRow, type MineQuery } from '../api';
import { statusColor } from '../statusColor';
import { formPath } from '../useStartDeclaration';
import { useResultGrades } from './resultGrades';
import '../declare.css';
import { lazyWithAntd } from '../../shared/lazyWithAntd';

// The dialogs (antd's form and drawer) load when first opened: the list itself needs no antd.
const RevokeDialog = lazyWithAntd(() => import('./RevokeDialog').then((m) => m.RevokeDialog));
const HistoryDrawer = lazyWithAntd(() => import('./HistoryDrawer').then((m) => m.HistoryDrawer));

const PAGE_SIZE = 10;
const STATUS_OPTIONS = DECLARATION_STATUSES.map((s) => ({ value: s, label: DECLARATION_STATUS_LABELS[s] }));

/** The result beside the status: the committee's grade (拟 while in publicity), or 未获奖. */
function resultTag(status: DeclarationStatus, grade: keyof typeof PRIZE_GRADE_LABELS | undefined) {
  if (!grade || !['PROPOSED', 'IN_RESULT_PUBLICITY', 'OBJECTION_HOLD', 'AWARDED'].includes(status)) return null;
  return <PortalTag color="gold">{`${status === 'AWARDED' ? '' : '拟'}${PRIZE_GRADE_LABELS[grade]}`}</PortalTag>;
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
  // Once opened, a dialog stays mounted so that it can play its closing animation.
  const [opened, setOpened] = useState({ revoke: false, history: false });
  const query: MineQuery = { pageParameter: { pageNum, pageSize: PAGE_SIZE }, ...(status ? { status } : {}) };
  const page = useQuery({ queryKey: declareKeys.mine(query), queryFn: ({ signal }) => declareApi.mine(query, signal), placeholderData: keepPreviousData });
  const grades = useResultGrades();

  const remove = async (row: DeclarationRow) => {
    await declareApi.remove(row.declarationId, row.lockVersion);
    void page.refetch();
  };
  const revoke = (row: DeclarationRow) => {
    setOpened((o) => ({ ...o, revoke: true }));
    setRevoking(row);
  };
  const showHistory = (row: DeclarationRow) => {
    setOpened((o) => ({ ...o, history: true }));
    setHistoryOf(row);
  };

  const actionsOf = (row: DeclarationRow) => {
    const name = row.title ?? row.prizeName;
    return (
      <span className="dl-row-actions">
        {row.actions.includes('EDIT') ? (
          <PortalButton variant="link" size="small" onClick={() => navigate(formPath(row.declarationId))} aria-label={`${row.status === 'DRAFT' ? '填写' : '修改'} ${name}`}>
            {row.status === 'DRAFT' ? '填写' : '修改'}
          </PortalButton>
        ) : null}
        {row.actions.includes('DELETE') ? (
          <PortalPopconfirm title="删除这份草稿？删除后不能恢复。" okText="删除" danger onConfirm={() => remove(row)}>
            {(open) => (
              <PortalButton variant="link" size="small" danger onClick={open} aria-label={`删除 ${name}`}>
                删除
              </PortalButton>
            )}
          </PortalPopconfirm>
        ) : null}
        {row.actions.includes('REVOKE') ? (
          <PortalButton variant="link" size="small" danger onClick={() => revoke(row)} aria-label={`撤回 ${name}`}>
            撤回
          </PortalButton>
        ) : null}
        {row.actions.includes('PRINT') ? (
          <a className="dl-btn dl-btn--link dl-btn--sm" href={printPath(row.declarationId)} target="_blank" rel="noopener" aria-label={`打印 ${name}`}>
            <span className="dl-btn__label">打印</span>
          </a>
        ) : null}
        <PortalButton variant="link" size="small" onClick={() => showHistory(row)} aria-label={`办理记录 ${name}`}>
          办理记录
        </PortalButton>
      </span>
    );
  };

  const columns: PortalColumn<DeclarationRow>[] = [
    { key: 'title', title: '项目名称', render: (row) => <Link to={formPath(row.declarationId)}>{row.title || '（未填写项目名称）'}</Link> },
    { key: 'prizeName', title: '奖种', width: 120, render: (row) => row.prizeName },
    { key: 'editionName', title: '届次', width: 110, render: (row) => row.editionName },
    { key: 'registrationNo', title: '登记号', width: 140, render: (row) => row.registrationNo ?? '—' },
    {
      key: 'status',
      title: '状态',
      width: 130,
      render: (row) => (
        <span className="dl-row-tags">
          <PortalTag color={statusColor(row.status)}>{DECLARATION_STATUS_LABELS[row.status]}</PortalTag>
          {row.revocationPending ? <PortalTag color="orange">撤回申请中</PortalTag> : null}
          {resultTag(row.status, grades.get(row.declarationId))}
        </span>
      ),
    },
    { key: 'currentStep', title: '当前环节', width: 150, render: (row) => row.currentStep },
    { key: 'deadline', title: '截止日期', width: 110, render: (row) => row.deadline ?? '—' },
    { key: 'actions', title: '操作', width: 220, render: actionsOf },
  ];

  return (
    <PortalCard className="dl-my-declarations">
      <div className="dl-my-declarations__bar">
        <PortalSelect
          placeholder="全部状态"
          aria-label="按状态筛选"
          style={{ width: 180 }}
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPageNum(1);
          }}
          options={STATUS_OPTIONS}
        />
        <Link to="/declare">开始新的申报</Link>
      </div>
      <PortalTable<DeclarationRow>
        rowKey={(row) => row.declarationId}
        loading={page.isFetching}
        rows={page.data?.list ?? []}
        minWidth={960}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onChange: setPageNum, showTotal: (total) => `共 ${total} 份` }}
        empty={
          status ? (
            <PortalEmpty description="没有该状态的申报书" />
          ) : (
            <PortalEmpty description="您还没有申报书">
              <Link to="/declare">去申报</Link>
            </PortalEmpty>
          )
        }
        columns={columns}
      />
      <Suspense fallback={null}>
        {opened.revoke && <RevokeDialog row={revoking} onClose={() => setRevoking(null)} onDone={() => void page.refetch()} />}
        {opened.history && <HistoryDrawer row={historyOf} onClose={() => setHistoryOf(null)} />}
      </Suspense>
    </PortalCard>
  );
}

import { useState } from 'react';
import { Card, Space, Tag } from 'antd';
import { ExportOutlined, TeamOutlined } from '@ant-design/icons';
import { DECLARATION_PERMISSIONS as P, DECLARATION_STATUS_LABELS, type DeclarationStatus } from '@dandelion/shared/award/declaration';
import { PRIZE_GRADE_LABELS, type PrizeGrade } from '@dandelion/shared/award/prize';
import { ORG_PERMISSIONS } from '@dandelion/shared/system/org';
import { useHasPermission } from '../../../api/consoleStore';
import { optionsOf } from '../../../lib/options';
import { ActionBar } from '../../../components/ActionBar';
import { declarationStatusTag, RevocationDecisionModal, useDeclaration } from '../../../components/declarationView';
import { dateTimeOf, textOf } from '../../../components/detail';
import { OrgTreeSelect } from '../../../components/OrgTreeSelect';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useAwardFilterOptions } from '../../../components/useAwardFilterOptions';
import { declarationApi, DECLARATION_TABLE_KEY, type DeclarationRow, type DeclarationSearch } from './api';
import { StatusCounts } from './StatusCounts';

/** /award/declaration/declarationList: every declaration, counts per status, filters, exports, withdrawal requests. */
export default function DeclarationListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<DeclarationSearch>({}, { fromAddress: ['status', 'editionId', 'prizeId'] });
  const mayPickOrgs = useHasPermission(ORG_PERMISSIONS.list);
  const options = useAwardFilterOptions();
  const [revoking, setRevoking] = useState<string | null>(null);
  const revocation = useDeclaration(revoking);

  const fields: SearchField[] = [
    ...(options.editions ? [{ name: 'editionId', label: '届次', type: 'select' as const, options: options.editions }] : []),
    ...(options.prizes ? [{ name: 'prizeId', label: '奖种', type: 'select' as const, options: options.prizes }] : []),
    { name: 'status', label: '状态', type: 'select', options: optionsOf(DECLARATION_STATUS_LABELS) },
    { name: 'keyword', label: '关键词', placeholder: '项目名称、登记号或完成人' },
    ...(mayPickOrgs
      ? [
          { name: 'unitOrgId', label: '申报单位', type: 'custom' as const, render: () => <OrgTreeSelect placeholder="请选择申报单位" allowClear /> },
          { name: 'nominatorOrgId', label: '提名单位', type: 'custom' as const, render: () => <OrgTreeSelect placeholder="请选择提名单位" allowClear /> },
        ]
      : []),
    { name: 'disciplineCode', label: '学科代码' },
  ];

  const pickStatus = (status: DeclarationStatus | undefined) => {
    const next = { ...search, status };
    if (searchForm.current) searchForm.current.apply(next);
    else onSearch(next);
  };

  const columns: PagedColumn<DeclarationRow>[] = [
    { key: 'registrationNo', title: '登记号', dataIndex: 'registrationNo', width: 140, render: textOf },
    {
      key: 'title', title: '项目名称', dataIndex: 'title', minWidth: 200,
      render: (title: string | null, row) => (
        <Space size={4} wrap>
          <a onClick={() => open('declarationDetail', { id: row.declarationId })}>{title || '（未填写项目名称）'}</a>
          {row.resubmitted && <Tag color="orange">已修改</Tag>}
          {row.revocationPending && <Tag color="red">申请撤回</Tag>}
        </Space>
      ),
    },
    { key: 'editionName', title: '届次', dataIndex: 'editionName', width: 160, defaultHidden: true },
    { key: 'prizeName', title: '奖种', dataIndex: 'prizeName', width: 120 },
    { key: 'proposedGrade', title: '推荐等级', dataIndex: 'proposedGrade', width: 90, defaultHidden: true, render: (g: PrizeGrade | null) => (g ? PRIZE_GRADE_LABELS[g] : '—') },
    { key: 'unitOrgName', title: '申报单位', dataIndex: 'unitOrgName', width: 180, render: textOf },
    { key: 'nominatorOrgName', title: '提名单位', dataIndex: 'nominatorOrgName', width: 160, render: textOf, defaultHidden: true },
    { key: 'firstCompleter', title: '第一完成人', dataIndex: 'firstCompleter', width: 110, render: textOf },
    { key: 'completerCount', title: '完成人数', dataIndex: 'completerCount', width: 90, defaultHidden: true },
    { key: 'applicantName', title: '申报人', dataIndex: 'applicantName', width: 100, defaultHidden: true },
    { key: 'currentStep', title: '当前环节', dataIndex: 'currentStep', width: 170, defaultHidden: true },
    { key: 'deadline', title: '截止日期', dataIndex: 'deadline', width: 110, render: textOf, defaultHidden: true },
    { key: 'submitTime', title: '提交时间', dataIndex: 'submitTime', width: 170, render: dateTimeOf },
    { key: 'status', title: '状态', dataIndex: 'status', width: 130, render: (s: DeclarationStatus) => declarationStatusTag(s) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 180,
      render: (_: unknown, row: DeclarationRow) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('declarationDetail', { id: row.declarationId }) },
            {
              key: 'revocation', label: '办理撤回申请', permission: P.revocation,
              hidden: !row.actions.includes('DECIDE_REVOCATION'),
              onClick: () => setRevoking(row.declarationId),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <StatusCounts scope={search} active={search.status} onPick={pickStatus} />
      <SearchForm<DeclarationSearch> ref={searchForm} fields={fields} onSearch={onSearch} />
      <PagedTable<DeclarationRow, DeclarationSearch>
        ref={table}
        tableKey={DECLARATION_TABLE_KEY}
        fetcher={declarationApi.page}
        params={search}
        columns={columns}
        rowKey="declarationId"
        onClearSearch={clearSearch}
        empty={{ what: '申报书', hint: '申报人提交的申报书会出现在这里；草稿只有申报人自己可见。' }}
        toolbar={
          <ActionBar
            actions={[
              { key: 'exportList', label: '导出列表', icon: <ExportOutlined />, permission: P.export, onClick: () => declarationApi.exportList(search) },
              { key: 'exportCompleters', label: '导出完成人', icon: <TeamOutlined />, permission: P.export, onClick: () => declarationApi.exportCompleters(search) },
            ]}
          />
        }
      />
      <RevocationDecisionModal
        declaration={revoking ? (revocation.data ?? null) : null}
        onClose={() => setRevoking(null)}
        onSettled={async () => {
          await revocation.refetch();
          await refresh();
        }}
      />
    </Card>
  );
}

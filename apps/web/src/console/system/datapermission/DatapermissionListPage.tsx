import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { App, Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { siblingPath } from '../../../components/form';
import {
  DATAPERMISSION_PERMISSIONS as P,
  DATAPERMISSION_TABLE_KEY,
  deleteRule,
  fetchRulePage,
  RULE_STATUS_LABELS,
  SCOPE_TYPE_LABELS,
  updateRuleStatus,
  type Rule,
  type RuleSearch,
  type ScopeType,
} from './api';

const optionsOf = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '规则名称/编码' },
  { name: 'scopeType', label: '数据范围', type: 'select', options: optionsOf(SCOPE_TYPE_LABELS) },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(RULE_STATUS_LABELS) },
];

/** /system/datapermission/datapermissionList: the data-permission rules roles and organisations bind. */
export default function DatapermissionListPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<RuleSearch>({});
  const open = (page: string, query?: Record<string, string>) => navigate(siblingPath(pathname, page, query));

  const columns: PagedColumn<Rule>[] = [
    { key: 'ruleCode', title: '规则编码', dataIndex: 'ruleCode', width: 160 },
    { key: 'ruleName', title: '规则名称', dataIndex: 'ruleName' },
    { key: 'scopeType', title: '数据范围', dataIndex: 'scopeType', width: 130, render: (v: ScopeType) => SCOPE_TYPE_LABELS[v] ?? v },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 90,
      render: (v: string) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{RULE_STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 80 },
    { key: 'remark', title: '备注', dataIndex: 'remark', render: (v: string | null) => <EllipsisText text={v} length={20} empty="-" /> },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: Rule) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('datapermissionUpd', { id: row.id }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('datapermissionDetail', { id: row.id }) },
            {
              key: 'enable', label: row.status === 'NORMAL' ? '停用' : '启用', permission: P.enable, overflow: true,
              onClick: async () => {
                await updateRuleStatus(row.id, row.status === 'NORMAL' ? 'DISABLED' : 'NORMAL', row.lockVersion);
                message.success(row.status === 'NORMAL' ? '已停用' : '已启用');
                await table.current?.refresh();
              },
            },
            {
              key: 'del', label: '删除', permission: P.del, danger: true, overflow: true,
              confirm: { title: `确定删除规则「${row.ruleName}」吗？`, description: '已绑定角色或机构的规则不能删除。' },
              onClick: async () => {
                await deleteRule(row.id, row.lockVersion);
                message.success('删除成功');
                await table.current?.refresh();
              },
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<RuleSearch>
        fields={SEARCH_FIELDS}
        onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())}
      />
      <PagedTable<Rule, RuleSearch>
        ref={table}
        tableKey={DATAPERMISSION_TABLE_KEY}
        fetcher={fetchRulePage}
        params={search}
        columns={columns}
        rowKey="id"
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('datapermissionAdd') }]} />}
      />
    </Card>
  );
}

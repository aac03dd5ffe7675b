import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { DATA_PERMISSION_PERMISSIONS as P, RULE_STATUS_LABELS, SCOPE_TYPE_LABELS, type ScopeType } from '@dandelion/shared/system/datapermission';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { DATAPERMISSION_TABLE_KEY, fetchRulePage, ruleApi, type Rule, type RuleSearch } from './api';
import { optionsOf } from '../../../lib/options';


const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '规则名称/编码' },
  { name: 'scopeType', label: '数据范围', type: 'select', options: optionsOf(SCOPE_TYPE_LABELS) },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(RULE_STATUS_LABELS) },
];

/** /system/datapermission/datapermissionList: the data-permission rules roles and organisations bind. */
export default function DatapermissionListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<RuleSearch>();
  const actions = useRecordActions();

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
            actions.toggleStatus({ status: row.status, permission: P.enable, change: (next) => ruleApi.setStatus(row.id, row.lockVersion, next), after: refresh }),
            actions.remove({
              entity: '规则', name: row.ruleName, permission: P.del, description: '已绑定角色或机构的规则不能删除。',
              remove: () => ruleApi.remove(row.id, row.lockVersion), after: refresh,
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<RuleSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<Rule, RuleSearch>
        ref={table}
        tableKey={DATAPERMISSION_TABLE_KEY}
        fetcher={fetchRulePage}
        params={search}
        columns={columns}
        rowKey="id"
        onClearSearch={clearSearch}
        empty={{ what: '数据权限规则', hint: '规则限定能查看哪些机构的数据，新增后可绑定到角色或机构。', add: { label: '新增规则', permission: P.add, onClick: () => open('datapermissionAdd') } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('datapermissionAdd') }]} />}
      />
    </Card>
  );
}

import { useState } from 'react';
import { Card, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { RECORD_STATUS_LABELS } from '@dandelion/shared';
import { SERIAL_PERMISSIONS as P, SERIAL_RESET_LABELS } from '@dandelion/shared/base/serial';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { serialApi, SERIAL_TABLE_KEY, type SerialRule, type SerialSearch } from './api';
import { SerialResetDialog, SerialTakeDialog } from './SerialDialogs';
import { SerialFormDrawer, type SerialFormState } from './SerialFormDrawer';
import { optionsOf } from '../../../lib/options';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'ruleName', label: '规则名称' },
  { name: 'ruleCode', label: '规则编码' },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(RECORD_STATUS_LABELS) },
];

/** /base/serial/serialList: serial-number rules, their live next number, 取号 and the counter. */
export default function SerialListPage() {
  const { table, searchForm, search, refresh: reload, onSearch, clearSearch } = useListPage<SerialSearch>();
  const actions = useRecordActions();
  const [form, setForm] = useState<SerialFormState>(null);
  const [taking, setTaking] = useState<SerialRule | null>(null);
  const [resetting, setResetting] = useState<SerialRule | null>(null);
  const refresh = () => void reload();

  const columns: PagedColumn<SerialRule>[] = [
    { key: 'ruleCode', title: '规则编码', dataIndex: 'ruleCode', width: 130 },
    { key: 'ruleName', title: '规则名称', dataIndex: 'ruleName' },
    {
      key: 'nextSample', title: '下一个编号', dataIndex: 'nextSample', width: 160,
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : <Typography.Text type="danger">本周期序号已用完</Typography.Text>),
    },
    { key: 'resetPeriod', title: '重置周期', dataIndex: 'resetPeriod', width: 96, render: (v: SerialRule['resetPeriod']) => SERIAL_RESET_LABELS[v] ?? v },
    {
      key: 'currentValue', title: '当前值', dataIndex: 'currentValue', width: 140,
      render: (v: number | null, row: SerialRule) => (v == null ? '尚未取号' : `${v}${row.currentPeriod && row.currentPeriod !== 'ALL' ? `（${row.currentPeriod}）` : ''}`),
    },
    { key: 'lastTakeTime', title: '最近取号', dataIndex: 'lastTakeTime', width: 150, defaultHidden: true, render: (v: string | null) => (v ? formatDateTime(v) : '-') },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 80,
      render: (v: string) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{RECORD_STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'remark', title: '备注', dataIndex: 'remark', defaultHidden: true },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 150, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 190,
      render: (_: unknown, row: SerialRule) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'take', label: '取号', permission: P.next, disabled: row.status !== 'NORMAL', onClick: () => setTaking(row) },
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => setForm({ mode: 'upd', rule: row }) },
            {
              ...actions.toggleStatus({ status: row.status, permission: P.upd, change: (next) => serialApi.setStatus(row.ruleId, row.lockVersion, next), after: reload }),
              confirm: row.status === 'NORMAL' ? { title: `确定停用「${row.ruleName}」吗？`, description: '停用后任何模块都不能再从该规则取号。' } : undefined,
            },
            { key: 'reset', label: '重置计数', permission: P.upd, overflow: true, onClick: () => setResetting(row) },
            actions.remove({
              entity: '流水号规则', name: row.ruleName, permission: P.del, description: '已发放过编号的规则不能删除，只能停用。',
              remove: () => serialApi.remove(row.ruleId, row.lockVersion), after: reload,
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<SerialSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<SerialRule, SerialSearch>
        ref={table}
        tableKey={SERIAL_TABLE_KEY}
        fetcher={serialApi.page}
        params={search}
        columns={columns}
        rowKey="ruleId"
        onClearSearch={clearSearch}
        empty={{ what: '流水号规则', hint: '规则规定编号的前缀、日期格式和序号位数，新增后业务即可按规则取号。', add: { label: '新增规则', permission: P.add, onClick: () => setForm({ mode: 'add' }) } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setForm({ mode: 'add' }) }]} />}
      />
      <SerialFormDrawer
        state={form}
        onClose={() => setForm(null)}
        onSaved={() => {
          setForm(null);
          refresh();
        }}
      />
      <SerialTakeDialog rule={taking} onClose={() => setTaking(null)} onTaken={refresh} />
      <SerialResetDialog
        rule={resetting}
        onClose={() => setResetting(null)}
        onReset={() => {
          setResetting(null);
          refresh();
        }}
      />
    </Card>
  );
}

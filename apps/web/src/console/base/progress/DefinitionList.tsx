import { useRef, useState } from 'react';
import { App, Space, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { PROCESS_DEF_STATUS_LABELS, PROCESS_DEF_STATUSES, PROGRESS_PERMISSIONS as P } from '@dandelion/shared/base/progress';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { formatDateTime } from '../../../lib/date';
import { DEF_TABLE_KEY, fetchDefPage, type DefListItem, type DefSearch } from './api';
import { DefinitionEditor, STATUS_COLORS, type EditorTarget } from './DefinitionEditor';
import { versionActions } from './versionActions';
import { VersionsDrawer } from './VersionsDrawer';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'processName', label: '流程名称' },
  { name: 'processCode', label: '流程编码' },
  { name: 'status', label: '状态', type: 'select', options: PROCESS_DEF_STATUSES.map((value) => ({ value, label: PROCESS_DEF_STATUS_LABELS[value] })) },
];

/** 流程定义 tab: one row per process code, showing its newest version. */
export function DefinitionList() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [search, setSearch] = useState<DefSearch>({});
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const [versionsOf, setVersionsOf] = useState<string | null>(null);
  const refresh = () => table.current?.refresh();

  const columns: PagedColumn<DefListItem>[] = [
    { key: 'processCode', title: '流程编码', dataIndex: 'processCode', width: 150 },
    { key: 'processName', title: '流程名称', dataIndex: 'processName', width: 150 },
    {
      key: 'version', title: '最新版本', width: 120,
      render: (_, row) => (
        <Space size={4}>
          <span>v{row.version}</span>
          <Tag color={STATUS_COLORS[row.status]}>{PROCESS_DEF_STATUS_LABELS[row.status]}</Tag>
        </Space>
      ),
    },
    { key: 'activeVersion', title: '生效版本', dataIndex: 'activeVersion', width: 90, render: (v: number | null) => (v ? `v${v}` : <Tag>未发布</Tag>) },
    { key: 'versionCount', title: '版本数', dataIndex: 'versionCount', width: 80, defaultHidden: true },
    { key: 'stageCount', title: '阶段数', dataIndex: 'stageCount', width: 80 },
    { key: 'remark', title: '备注', dataIndex: 'remark', defaultHidden: true, render: (v: string | null) => <EllipsisText text={v} length={20} empty="-" /> },
    { key: 'updateBy', title: '更新人', dataIndex: 'updateBy', width: 100, defaultHidden: true },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 150, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 200,
      render: (_: unknown, row: DefListItem) => (
        <ActionBar
          variant="row"
          actions={[
            ...versionActions(row, {
              open: setEditing,
              mayCopy: row.draftVersion === null,
              changed: async (text) => {
                message.success(text);
                await refresh();
              },
            }),
            { key: 'versions', label: '版本', overflow: true, onClick: () => setVersionsOf(row.processCode) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <SearchForm<DefSearch>
        ref={searchForm}
        fields={SEARCH_FIELDS}
        onSearch={(values) => applySearch(values, search, setSearch, () => refresh())}
      />
      <PagedTable<DefListItem, DefSearch>
        ref={table}
        tableKey={DEF_TABLE_KEY}
        fetcher={fetchDefPage}
        params={search}
        columns={columns}
        rowKey="defId"
        onClearSearch={() => searchForm.current?.clear()}
        empty={{ what: '流程定义', hint: '流程定义规定业务办理的阶段、动作和时限，新增并发布后业务即可按它发起流程。', add: { permission: P.add, onClick: () => setEditing({ mode: 'add' }) } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setEditing({ mode: 'add' }) }]} />}
      />
      <DefinitionEditor
        target={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <VersionsDrawer processCode={versionsOf} onClose={() => setVersionsOf(null)} onOpen={setEditing} onChanged={() => void refresh()} />
    </>
  );
}

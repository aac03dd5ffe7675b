import { useState } from 'react';
import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { RECORD_STATUS_LABELS as STATUS_LABELS } from '@dandelion/shared';
import { APP_PERMISSIONS as P } from '@dandelion/shared/system/app';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { AppMenuDialog } from './AppMenuDialog';
import { appApi, APP_TABLE_KEY, fetchAppPage, type AppRecord, type AppSearch } from './api';
import { optionsOf } from '../../../lib/options';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'appName', label: '应用名称' },
  { name: 'appCode', label: '应用编码' },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(STATUS_LABELS) },
];

/** /system/app/appList: the applications the console's init call lists (in-force ones only). */
export default function AppListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<AppSearch>();
  const actions = useRecordActions();
  const [menuApp, setMenuApp] = useState<AppRecord | null>(null);

  const columns: PagedColumn<AppRecord>[] = [
    { key: 'appCode', title: '应用编码', dataIndex: 'appCode', width: 140 },
    { key: 'appName', title: '应用名称', dataIndex: 'appName', width: 160 },
    { key: 'visitUrl', title: '访问地址', dataIndex: 'visitUrl', render: (v: string) => <EllipsisText text={v} length={40} /> },
    { key: 'path', title: '应用路径', dataIndex: 'path', width: 140 },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 90,
      render: (v: string) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 80 },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 220,
      render: (_: unknown, row: AppRecord) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('appUpd', { id: row.appId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('appDetail', { id: row.appId }) },
            { key: 'bindMenus', label: '绑定菜单', permission: P.upd, overflow: true, onClick: () => setMenuApp(row) },
            actions.toggleStatus({ status: row.status, permission: P.enable, change: (next) => appApi.setStatus(row.appId, row.lockVersion, next), after: refresh }),
            actions.remove({ entity: '应用', name: row.appName, permission: P.del, remove: () => appApi.remove(row.appId, row.lockVersion), after: refresh }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<AppSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<AppRecord, AppSearch>
        ref={table}
        tableKey={APP_TABLE_KEY}
        fetcher={fetchAppPage}
        params={search}
        columns={columns}
        rowKey="appId"
        onClearSearch={clearSearch}
        empty={{ what: '应用', hint: '应用是控制台里的一个子系统，新增后可为它绑定菜单。', add: { permission: P.add, onClick: () => open('appAdd') } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('appAdd') }]} />}
      />
      <AppMenuDialog app={menuApp} onClose={() => setMenuApp(null)} />
    </Card>
  );
}

import { useRef, useState } from 'react';
import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ActionBar } from '../../../components/ActionBar';
import { PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm } from '../../../components/SearchForm';
import { deleteLayout, fetchLayoutPage, LAYOUT_PERMISSIONS as P, type LayoutRecord } from './api';

const BASE = '/system/layout';

/** /system/layout/layoutList: layout records themes may name. */
export default function LayoutListPage() {
  const navigate = useNavigate();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<{ keyword?: string }>({});
  const columns: PagedColumn<LayoutRecord>[] = [
    { key: 'layoutName', title: '布局名称', dataIndex: 'layoutName' },
    { key: 'layoutUiName', title: '布局标识', dataIndex: 'layoutUiName' },
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (s: string) => <Tag color={s === 'NORMAL' ? 'success' : 'default'}>{s === 'NORMAL' ? '启用' : '停用'}</Tag> },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 80 },
    {
      key: 'action', title: '操作', alwaysShown: true, width: 200,
      render: (_: unknown, l: LayoutRecord) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => navigate(`${BASE}/layoutUpd?id=${l.layoutId}`) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => navigate(`${BASE}/layoutDetail?id=${l.layoutId}`) },
            { key: 'del', label: '删除', permission: P.del, danger: true, confirm: { title: `确定删除“${l.layoutName}”吗？`, description: '被主题使用的布局不能删除。' }, onClick: async () => { await deleteLayout(l.layoutId); await table.current?.refresh(); } },
          ]}
        />
      ),
    },
  ];
  return (
    <Card>
      <SearchForm<{ keyword?: string }> fields={[{ name: 'keyword', label: '名称或标识' }]} onSearch={setSearch} />
      <PagedTable<LayoutRecord, { keyword?: string }>
        ref={table}
        tableKey="system-layout"
        fetcher={fetchLayoutPage}
        params={search}
        columns={columns}
        rowKey="layoutId"
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => navigate(`${BASE}/layoutAdd`) }]} />}
      />
    </Card>
  );
}

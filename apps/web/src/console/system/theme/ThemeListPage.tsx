import { useRef, useState } from 'react';
import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { ActionBar } from '../../../components/ActionBar';
import { PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm } from '../../../components/SearchForm';
import { deleteTheme, fetchThemePage, setDefaultTheme, THEME_PERMISSIONS as P, type SharedTheme } from './api';

const BASE = '/system/theme';

/** /system/theme/themeList: shared themes; exactly one is the global default. */
export default function ThemeListPage() {
  const navigate = useNavigate();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<{ themeName?: string }>({});
  const columns: PagedColumn<SharedTheme>[] = [
    { key: 'themeName', title: '主题名称', dataIndex: 'themeName', render: (name: string, t: SharedTheme) => <span>{name} {t.isDefault && <Tag color="blue">默认</Tag>}</span> },
    { key: 'layoutUiName', title: '布局', dataIndex: 'layoutUiName' },
    {
      key: 'action', title: '操作', alwaysShown: true, width: 260,
      render: (_: unknown, t: SharedTheme) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'default', label: '设为默认', permission: P.enable, hidden: t.isDefault, confirm: { title: `确定把“${t.themeName}”设为全局默认主题吗？` }, onClick: async () => { await setDefaultTheme(t.themeId); await table.current?.refresh(); } },
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => navigate(`${BASE}/themeUpd?id=${t.themeId}`) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => navigate(`${BASE}/themeDetail?id=${t.themeId}`) },
            { key: 'del', label: '删除', permission: P.del, danger: true, hidden: t.isDefault, confirm: { title: `确定删除“${t.themeName}”吗？` }, onClick: async () => { await deleteTheme(t.themeId); await table.current?.refresh(); } },
          ]}
        />
      ),
    },
  ];
  return (
    <Card>
      <SearchForm<{ themeName?: string }> fields={[{ name: 'themeName', label: '主题名称' }]} onSearch={setSearch} />
      <PagedTable<SharedTheme, { themeName?: string }>
        ref={table}
        tableKey="system-theme"
        fetcher={fetchThemePage}
        params={search}
        columns={columns}
        rowKey="themeId"
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => navigate(`${BASE}/themeAdd`) }]} />}
      />
    </Card>
  );
}

import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CONSOLE_LAYOUTS, THEME_PERMISSIONS as P } from '@dandelion/shared/system/theme';
import { ActionBar } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm } from '../../../components/SearchForm';
import { deleteTheme, fetchThemePage, setDefaultTheme, THEME_TABLE_KEY, type SharedTheme, type ThemeSearch } from './api';

/** /system/theme/themeList: shared themes; exactly one is the global default. */
export default function ThemeListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<ThemeSearch>();
  const columns: PagedColumn<SharedTheme>[] = [
    { key: 'themeName', title: '主题名称', dataIndex: 'themeName', render: (name: string, t: SharedTheme) => <span>{name} {t.isDefault && <Tag color="blue">默认</Tag>}</span> },
    { key: 'layoutUiName', title: '布局', dataIndex: 'layoutUiName', render: (v: string) => CONSOLE_LAYOUTS.find((l) => l.value === v)?.label ?? v },
    {
      key: 'action', title: '操作', alwaysShown: true, width: 260,
      render: (_: unknown, t: SharedTheme) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'default', label: '设为默认', permission: P.enable, hidden: t.isDefault, confirm: { title: `确定把“${t.themeName}”设为全局默认主题吗？` }, onClick: async () => { await setDefaultTheme(t.themeId); await refresh(); } },
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('themeUpd', { id: t.themeId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('themeDetail', { id: t.themeId }) },
            { key: 'del', label: '删除', permission: P.del, danger: true, hidden: t.isDefault, confirm: { title: `确定删除“${t.themeName}”吗？` }, onClick: async () => { await deleteTheme(t.themeId); await refresh(); } },
          ]}
        />
      ),
    },
  ];
  return (
    <Card>
      <SearchForm<ThemeSearch> ref={searchForm} fields={[{ name: 'themeName', label: '主题名称' }]} onSearch={onSearch} />
      <PagedTable<SharedTheme, ThemeSearch>
        ref={table}
        tableKey={THEME_TABLE_KEY}
        fetcher={fetchThemePage}
        params={search}
        columns={columns}
        rowKey="themeId"
        onClearSearch={clearSearch}
        empty={{ what: '主题', hint: '主题决定控制台的布局和配色，新增后可设为全局默认。', add: { permission: P.add, onClick: () => open('themeAdd') } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('themeAdd') }]} />}
      />
    </Card>
  );
}

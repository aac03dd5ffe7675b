import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { LAYOUT_PERMISSIONS as P } from '@dandelion/shared/system/layout';
import { ActionBar } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm } from '../../../components/SearchForm';
import { layoutApi, LAYOUT_TABLE_KEY, type LayoutRecord, type LayoutSearch } from './api';

/** /system/layout/layoutList: layout records themes may name. */
export default function LayoutListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<LayoutSearch>();
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
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('layoutUpd', { id: l.layoutId }) },
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('layoutDetail', { id: l.layoutId }) },
            {
              key: 'del', label: '删除', permission: P.del, danger: true,
              confirm: { title: `确定删除“${l.layoutName}”吗？`, description: '被主题使用的布局不能删除。' },
              onClick: async () => {
                await layoutApi.remove(l.layoutId, l.lockVersion);
                await refresh();
              },
            },
          ]}
        />
      ),
    },
  ];
  return (
    <Card>
      <SearchForm<LayoutSearch> ref={searchForm} fields={[{ name: 'keyword', label: '名称或标识' }]} onSearch={onSearch} />
      <PagedTable<LayoutRecord, LayoutSearch>
        ref={table}
        tableKey={LAYOUT_TABLE_KEY}
        fetcher={layoutApi.page}
        params={search}
        columns={columns}
        rowKey="layoutId"
        onClearSearch={clearSearch}
        empty={{ what: '布局', hint: '布局是控制台的页面框架（侧边菜单或顶部菜单），新增后可在主题中选用。', add: { permission: P.add, onClick: () => open('layoutAdd') } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('layoutAdd') }]} />}
      />
    </Card>
  );
}

import { useState, type Key } from 'react';
import { Card, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { CONTENT_PERMISSIONS } from '@dandelion/shared/cms/content';
import { RESOURCE_PERMISSIONS as P, RESOURCE_TYPE_LABELS, type ResourceType } from '@dandelion/shared/cms/resource';
import { fileUrl } from '../../../api/fileUrl';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions, type ActionButton } from '../../../components/ActionBar';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../api/consoleStore';
import { AddArticleDialog } from './AddArticleDialog';
import { RESOURCE_TABLE_KEY, resourceApi, type Resource, type ResourceSearch } from './api';

const TYPE_COLOURS: Record<ResourceType, string> = { IMAGE: 'blue', DOCUMENT: 'green', VIDEO: 'purple', LINK: 'orange' };

const SEARCH_FIELDS: SearchField[] = [
  { name: 'resourceName', label: '名称' },
  { name: 'resourceType', label: '类型', type: 'select', options: Object.entries(RESOURCE_TYPE_LABELS).map(([value, label]) => ({ value, label })) },
  { name: 'tag', label: '标签' },
];

export function ResourceTypeTag({ type }: { type: ResourceType }) {
  return <Tag color={TYPE_COLOURS[type]}>{RESOURCE_TYPE_LABELS[type] ?? type}</Tag>;
}

/** /cms/resource/resourceList: the resource library, with 发布文章 into a catalogue. */
export default function ResourceListPage() {
  const { table, searchForm, search, refresh, onSearch, clearSearch, open } = useListPage<ResourceSearch>();
  const actions = useRecordActions();
  const [selected, setSelected] = useState<Key[]>([]);
  const [toArticle, setToArticle] = useState<Resource | null>(null);
  const canDelete = useHasPermission(P.del);
  const canEditArticle = useHasPermission(CONTENT_PERMISSIONS.upd);

  const rowActions = (row: Resource): ActionButton[] => [
    { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('resourceUpd', { id: row.resourceId }) },
    { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('resourceDetail', { id: row.resourceId }) },
    { key: 'addArticle', label: '发布文章', permission: P.addArticle, onClick: () => setToArticle(row) },
    actions.remove({
      entity: '资源', name: row.resourceName, permission: P.del, description: '已由它生成的文章不受影响。',
      remove: async () => {
        await resourceApi.remove(row.resourceId, row.lockVersion);
        setSelected((keys) => keys.filter((k) => k !== row.resourceId));
      },
      after: refresh,
    }),
  ];

  const columns: PagedColumn<Resource>[] = [
    { key: 'resourceName', title: '名称', dataIndex: 'resourceName' },
    { key: 'resourceType', title: '类型', dataIndex: 'resourceType', width: 80, render: (v: ResourceType) => <ResourceTypeTag type={v} /> },
    {
      key: 'target',
      title: '文件/链接',
      dataIndex: 'fileId',
      render: (_: unknown, row) =>
        row.resourceType === 'LINK' ? (
          <a href={row.url ?? undefined} target="_blank" rel="noopener noreferrer">
            {row.url}
          </a>
        ) : row.file?.url ? (
          <a href={fileUrl(row.file.url)} target="_blank" rel="noopener noreferrer">
            {row.file.filename}
          </a>
        ) : (
          '-'
        ),
    },
    { key: 'tags', title: '标签', dataIndex: 'tags', width: 160, render: (v: string | null) => (v ? v.split(/[,，]/).filter(Boolean).map((t) => <Tag key={t}>{t.trim()}</Tag>) : '-') },
    { key: 'createBy', title: '创建人', dataIndex: 'createBy', width: 100, defaultHidden: true },
    { key: 'createTime', title: '创建时间', dataIndex: 'createTime', width: 160, render: (v: string) => formatDateTime(v) },
    { key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 270, render: (_: unknown, row) => <ActionBar variant="row" actions={rowActions(row)} /> },
  ];

  return (
    <Card>
      <SearchForm<ResourceSearch>
        ref={searchForm}
        fields={SEARCH_FIELDS}
        onSearch={(values) => {
          setSelected([]);
          onSearch(values);
        }}
      />
      <PagedTable<Resource, ResourceSearch>
        ref={table}
        tableKey={RESOURCE_TABLE_KEY}
        fetcher={resourceApi.page}
        params={search}
        columns={columns}
        rowKey="resourceId"
        onClearSearch={clearSearch}
        empty={{ what: '资源', hint: '资源库存放图片、文档、视频和链接，新增后可在文章中引用，或直接发布为文章。', add: { permission: P.add, onClick: () => open('resourceAdd') } }}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('resourceAdd') },
              actions.removeSelected({ selected, unit: '个资源', permission: P.del, remove: resourceApi.removeMany, after: () => { setSelected([]); return refresh(); } }),
            ]}
          />
        }
      />
      {toArticle && <AddArticleDialog resource={toArticle} canEditArticle={canEditArticle} onClose={() => setToArticle(null)} />}
    </Card>
  );
}

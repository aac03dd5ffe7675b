import { useState, type Key } from 'react';
import { App, Card, Space, Tag, Tooltip } from 'antd';
import { PlusOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { CONTENT_PERMISSIONS as P, CONTENT_STATUS_LABELS, type ContentStatus } from '@dandelion/shared/cms/content';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions, type ActionButton } from '../../../components/ActionBar';
import { hasSearchValues, PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../api/consoleStore';
import { CatalogFilterTree } from '../../../components/CatalogTree/CatalogTree';
import { TreePanel } from '../../../components/TreePanel';
import { EllipsisText } from '../../../components/format';
import { ContentStatusTag } from './ContentStatusTag';
import { PublishDialog } from './PublishDialog';
import {
  CONTENT_TABLE_KEY,
  deleteContent,
  deleteContents,
  fetchContentPage,
  offlineContent,
  publishContent,
  topContent,
  type ContentListItem,
  type ContentSearch,
} from './api';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'title', label: '标题' },
  { name: 'status', label: '状态', type: 'select', options: Object.entries(CONTENT_STATUS_LABELS).map(([value, label]) => ({ value, label })) },
  { name: 'author', label: '作者' },
  { name: 'publishTime', label: '发布时间', type: 'dateRange', names: ['publishTimeFrom', 'publishTimeTo'] },
];

const publishable = (status: ContentStatus) => status !== 'PUBLISHED';
const offlinable = (status: ContentStatus) => status === 'PUBLISHED' || status === 'SCHEDULED';

/** /cms/content/contentList: articles by catalogue, with publishing, offlining and pinning. */
export default function ContentListPage() {
  const { message } = App.useApp();
  const { table, searchForm, search, refresh, onSearch, clearSearch, open, addressedSearch } = useListPage<ContentSearch>({}, { fromAddress: ['status'] });
  const actions = useRecordActions();
  const [catalog, setCatalog] = useState<{ id: string; name?: string } | null>(null);
  const catalogId = catalog?.id;
  const [selected, setSelected] = useState<Key[]>([]);
  const [publishing, setPublishing] = useState<ContentListItem | null>(null);
  const canDelete = useHasPermission(P.del);
  const done = async (text: string) => {
    message.success(text);
    await refresh();
  };
  const params: ContentSearch = catalogId ? { ...search, catalogId } : search;

  const rowActions = (row: ContentListItem): ActionButton[] => [
    { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('contentUpd', { id: row.contentId }) },
    { key: 'detail', label: '详情', permission: P.detail, onClick: () => open('contentDetail', { id: row.contentId }) },
    // A scheduled article is published now (or re-timed) from 更多: its usual next step is 下线 or waiting.
    { key: 'publish', label: '发布', permission: P.publish, hidden: !publishable(row.status), overflow: row.status === 'SCHEDULED', onClick: () => setPublishing(row) },
    {
      key: 'offline',
      label: '下线',
      permission: P.offline,
      hidden: !offlinable(row.status),
      confirm: { title: `确定下线文章「${row.title}」吗？`, description: '下线后门户立即看不到这篇文章，其图片和附件也不再公开。', okText: '下线' },
      onClick: async () => {
        await offlineContent(row.contentId, row.lockVersion);
        await done('下线成功');
      },
    },
    {
      key: 'top',
      label: row.isTop ? '取消置顶' : '置顶',
      permission: P.top,
      overflow: true,
      confirm: { title: row.isTop ? `确定取消置顶「${row.title}」吗？` : `确定置顶「${row.title}」吗？`, okText: '确定' },
      onClick: async () => {
        await topContent(row.contentId, row.lockVersion, !row.isTop);
        await done(row.isTop ? '已取消置顶' : '置顶成功');
      },
    },
    actions.remove({
      entity: '文章',
      name: row.title,
      permission: P.del,
      description: row.status === 'PUBLISHED' ? '这篇文章已发布，删除后门户立即看不到它。' : undefined,
      remove: async () => {
        await deleteContent(row.contentId, row.lockVersion);
        setSelected((keys) => keys.filter((k) => k !== row.contentId));
      },
      after: refresh,
    }),
  ];

  const columns: PagedColumn<ContentListItem>[] = [
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      minWidth: 150,
      // The tooltip of EllipsisText names a long title; the cell's own title would repeat it.
      ellipsis: { showTitle: false },
      render: (_: unknown, row) => (
        <Space size={4}>
          {row.isTop && (
            <Tooltip title="已置顶">
              <Tag color="red" icon={<VerticalAlignTopOutlined />} aria-label="已置顶">
                顶
              </Tag>
            </Tooltip>
          )}
          <EllipsisText text={row.title} length={40} />
        </Space>
      ),
    },
    { key: 'catalogName', title: '栏目', dataIndex: 'catalogName', width: 100, ellipsis: { showTitle: true } },
    { key: 'status', title: '状态', dataIndex: 'status', width: 84, render: (v: ContentStatus) => <ContentStatusTag status={v} /> },
    { key: 'author', title: '作者', dataIndex: 'author', width: 84, ellipsis: { showTitle: true }, render: (v: string | null) => v || '-' },
    { key: 'publishTime', title: '发布时间', dataIndex: 'publishTime', width: 150, render: (v: string | null) => formatDateTime(v) || '-' },
    { key: 'viewCount', title: '浏览量', dataIndex: 'viewCount', width: 80, defaultHidden: true },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70, defaultHidden: true },
    { key: 'updateTime', title: '修改时间', dataIndex: 'updateTime', width: 150, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      // 修改 详情 发布/下线 更多 on one line.
      width: 236,
      render: (_: unknown, row) => <ActionBar variant="row" actions={rowActions(row)} />,
    },
  ];

  return (
    <>
      <TreePanel
        storageKey="cms:content"
        title="栏目"
        pickLabel="选择栏目"
        picked={catalog?.name}
        pickedKey={catalogId ?? null}
        width={200}
        tree={
          <CatalogFilterTree
            value={catalogId}
            onChange={(id, name) => {
              setSelected([]);
              setCatalog(id ? { id, name } : null);
            }}
          />
        }
      >
      <Card>
        <SearchForm<ContentSearch>
          ref={searchForm}
          fields={SEARCH_FIELDS}
          initialValues={addressedSearch}
          onSearch={(values) => {
            setSelected([]);
            onSearch(values);
          }}
        />
        <PagedTable<ContentListItem, ContentSearch>
          ref={table}
          tableKey={CONTENT_TABLE_KEY}
          fetcher={fetchContentPage}
          params={params}
          columns={columns}
          rowKey="contentId"
          onClearSearch={clearSearch}
          searched={hasSearchValues(search)}
          empty={{ what: '文章', title: catalogId ? '该栏目还没有文章' : undefined, hint: '文章发布后显示在门户的栏目中，新增时选择所属栏目。', add: { permission: P.add, onClick: () => open('contentAdd', catalogId ? { catalogId } : undefined) } }}
          rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
          toolbar={
            <ActionBar
              actions={[
                {
                  key: 'add',
                  label: '新增',
                  primary: true,
                  icon: <PlusOutlined />,
                  permission: P.add,
                  onClick: () => open('contentAdd', catalogId ? { catalogId } : undefined),
                },
                actions.removeSelected({ selected, unit: '篇文章', permission: P.del, description: '已发布的文章删除后门户立即看不到。', remove: deleteContents, after: () => { setSelected([]); return refresh(); } }),
              ]}
            />
          }
        />
      </Card>
      </TreePanel>
      {publishing && (
        <PublishDialog
          open
          title={publishing.title}
          onClose={() => setPublishing(null)}
          publish={async (publishTime) => {
            const row = await publishContent(publishing.contentId, publishing.lockVersion, publishTime, { silent: true });
            await done(row.status === 'SCHEDULED' ? `已设置定时发布：${formatDateTime(row.publishTime)}` : '发布成功');
          }}
        />
      )}
    </>
  );
}

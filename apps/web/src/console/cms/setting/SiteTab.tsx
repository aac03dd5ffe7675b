import { useRef, useState } from 'react';
import { App, Form, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SITE_STATUS_ONLINE } from '@dandelion/shared';
import { CMS_SETTING_PERMISSIONS as P } from '@dandelion/shared/cms/setting';
import { SITE_STATUS_LABELS, SITE_STATUS_OFFLINE } from '@dandelion/shared/cms/site';
import { ActionBar } from '../../../components/ActionBar';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { addSite, deleteSite, fetchSitePage, setDefaultSite, SITE_TABLE_KEY, updateSite, updateSiteStatus, type Site, type SiteSearch, type SiteValues } from './api';
import { useImageSrc } from './ImageField';
import { SiteFields } from './SiteFields';
import { RecordModal, type RecordMode } from './RecordModal';
import { useRowAction } from './useRowAction';
import { optionsOf } from '../../../lib/options';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'siteName', label: '站点名称' },
  { name: 'siteCode', label: '站点编码' },
  { name: 'siteStatus', label: '状态', type: 'select', options: optionsOf(SITE_STATUS_LABELS) },
];

const BLANK: Partial<SiteValues> = { siteStatus: SITE_STATUS_OFFLINE, sort: 0 };

/** 站点: the portal's sites; online is code 2 (spec §3), the default site answers calls that name none. */
export function SiteTab({ onChanged }: { onChanged?(): void }) {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [search, setSearch] = useState<SiteSearch>({});
  const [editing, setEditing] = useState<{ mode: RecordMode; site?: Site } | null>(null);
  const [form] = Form.useForm<SiteValues>();
  const src = useImageSrc();

  const refresh = async () => {
    await table.current?.refresh();
    onChanged?.();
  };
  const act = useRowAction(refresh);

  const columns: PagedColumn<Site>[] = [
    {
      key: 'logo', title: '标志', dataIndex: 'logoUrl', width: 80,
      render: (url: string | null) => (url ? <img src={src(url)} alt="站点标志" style={{ width: 48, height: 32, objectFit: 'contain' }} /> : '-'),
    },
    { key: 'siteCode', title: '站点编码', dataIndex: 'siteCode', width: 140 },
    {
      key: 'siteName', title: '站点名称', dataIndex: 'siteName',
      render: (name: string, row: Site) => (
        <>
          {name} {row.isDefault && <Tag color="blue">默认</Tag>}
        </>
      ),
    },
    { key: 'displayName', title: '显示名称', dataIndex: 'displayName' },
    {
      key: 'siteStatus', title: '状态', dataIndex: 'siteStatus', width: 90,
      render: (v: string) => <Tag color={v === SITE_STATUS_ONLINE ? 'success' : 'default'}>{SITE_STATUS_LABELS[v as '2'] ?? v}</Tag>,
    },
    { key: 'domain', title: '域名', dataIndex: 'domain', render: (v: string | null) => v ?? '-' },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 240,
      render: (_: unknown, row: Site) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => setEditing({ mode: 'upd', site: row }) },
            { key: 'detail', label: '详情', permission: P.list, onClick: () => setEditing({ mode: 'detail', site: row }) },
            {
              key: 'status', label: row.siteStatus === SITE_STATUS_ONLINE ? '下线' : '上线', permission: P.upd, overflow: true,
              onClick: () => act(
                () => updateSiteStatus(row.siteId, row.lockVersion, row.siteStatus === SITE_STATUS_ONLINE ? SITE_STATUS_OFFLINE : SITE_STATUS_ONLINE),
                row.siteStatus === SITE_STATUS_ONLINE ? '已下线' : '已上线',
              ),
            },
            { key: 'default', label: '设为默认', permission: P.upd, overflow: true, hidden: row.isDefault, onClick: () => act(() => setDefaultSite(row.siteId), '已设为默认站点') },
            {
              key: 'del', label: '删除', permission: P.del, danger: true, overflow: true,
              confirm: { title: `确定删除站点「${row.siteName}」吗？`, description: '默认站点、仍有栏目或轮播图的站点不能删除。' },
              onClick: () => act(() => deleteSite(row.siteId, row.lockVersion), '删除成功'),
            },
          ]}
        />
      ),
    },
  ];

  const site = editing?.site;
  return (
    <>
      <SearchForm<SiteSearch>
        ref={searchForm}
        name="cms-site-search"
        fields={SEARCH_FIELDS}
        onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())}
      />
      <PagedTable<Site, SiteSearch>
        ref={table}
        tableKey={SITE_TABLE_KEY}
        fetcher={fetchSitePage}
        params={search}
        columns={columns}
        rowKey="siteId"
        onClearSearch={() => searchForm.current?.clear()}
        empty={{ what: '站点', hint: '站点是门户中的一个网站，新增后可为它设置栏目、模板和轮播图。', add: { permission: P.add, onClick: () => setEditing({ mode: 'add' }) } }}
        toolbar={<ActionBar actions={[{ key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setEditing({ mode: 'add' }) }]} />}
      />
      <RecordModal<SiteValues>
        entityName="站点"
        mode={editing?.mode ?? 'add'}
        open={!!editing}
        form={form}
        // A stored site's status is one the form offers.
        initialValues={site ? (site as Partial<SiteValues>) : BLANK}
        onClose={() => setEditing(null)}
        onSave={async (values) => {
          // Fields this form does not show (theme, portal) keep their stored values.
          if (editing?.mode === 'upd' && site) await updateSite(site.siteId, site.lockVersion, { ...values, themeId: site.themeId, portalId: site.portalId });
          else await addSite(values);
          message.success(editing?.mode === 'upd' ? '修改成功' : '新增成功');
          await refresh();
        }}
      >
        <SiteFields logoUrl={site?.logoUrl} />
      </RecordModal>
    </>
  );
}

import { useRef, useState } from 'react';
import { App, Col, DatePicker, Form, Input, InputNumber, Row, Select, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { BANNER_STATUS_LABELS, bannerBody, DEFAULT_BANNER_CODE } from '@dandelion/shared/cms/banner';
import { CMS_SETTING_PERMISSIONS as P, OPEN_TYPE_LABELS } from '@dandelion/shared/cms/setting';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField, type SearchFormHandle } from '../../../components/SearchForm';
import { fieldRules, rulesOf } from '../../../components/form';
import { addBanner, BANNER_TABLE_KEY, deleteBanner, deleteBanners, fetchAllSites, fetchBannerPage, sortBanners, updateBanner, updateBannerStatus, type Banner, type BannerSearch, type BannerValues } from './api';
import { ImageField, useImageSrc } from './ImageField';
import { RecordModal, type RecordMode } from './RecordModal';
import { useRowAction } from './useRowAction';
import { optionsOf } from '../../../lib/options';

type BannerForm = Omit<BannerValues, 'startTime' | 'endTime'> & { window?: [Dayjs | null, Dayjs | null] | null };

/** The server's rules and messages (a blank position is the home page's, a link may be a portal path). */
const rules = rulesOf(bannerBody);

/** 轮播图: the portal's carousel pictures per site and position, shown by sort while enabled. */
export function BannerTab() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const searchForm = useRef<SearchFormHandle>(null);
  const [search, setSearch] = useState<BannerSearch>({});
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ mode: RecordMode; banner?: Banner } | null>(null);
  const [form] = Form.useForm<BannerForm>();
  const src = useImageSrc();
  const sites = useQuery({ queryKey: ['cms-setting', 'sites'], queryFn: ({ signal }) => fetchAllSites(signal) });
  const siteOptions = (sites.data ?? []).map((s) => ({ value: s.siteId, label: s.siteName }));
  const siteName = (id: string) => sites.data?.find((s) => s.siteId === id)?.siteName ?? id;

  const searchFields: SearchField[] = [
    { name: 'siteId', label: '站点', type: 'select', options: siteOptions },
    { name: 'title', label: '标题' },
    { name: 'code', label: '位置编码' },
    { name: 'status', label: '状态', type: 'select', options: optionsOf(BANNER_STATUS_LABELS) },
  ];

  const act = useRowAction(async () => table.current?.refresh());

  /** 上移/下移 inside the banner's own position: the whole group is read, so the order sent is complete. */
  const shift = (row: Banner, step: -1 | 1) =>
    act(async () => {
      const group = await fetchBannerPage({ siteId: row.siteId, code: row.code, pageParameter: { pageNum: 1, pageSize: 500 } }, new AbortController().signal);
      const ids = group.list.map((b) => b.bannerId);
      const at = ids.indexOf(row.bannerId);
      const other = at + step;
      if (at < 0 || other < 0 || other >= ids.length) throw new Error(step < 0 ? '已经是第一张' : '已经是最后一张');
      [ids[at], ids[other]] = [ids[other]!, ids[at]!];
      await sortBanners(row.siteId, row.code, ids);
    }, step < 0 ? '已上移' : '已下移');

  const columns: PagedColumn<Banner>[] = [
    {
      key: 'image', title: '图片', dataIndex: 'imageUrl', width: 120,
      render: (url: string | null, row: Banner) => (url ? <img src={src(url)} alt={row.title} style={{ width: 96, height: 54, objectFit: 'cover', borderRadius: 4 }} /> : '-'),
    },
    { key: 'title', title: '标题', dataIndex: 'title' },
    { key: 'site', title: '站点', dataIndex: 'siteId', width: 120, render: (id: string) => siteName(id) },
    { key: 'code', title: '位置', dataIndex: 'code', width: 90 },
    { key: 'linkUrl', title: '链接', dataIndex: 'linkUrl', render: (v: string | null) => v ?? '-' },
    {
      key: 'status', title: '状态', dataIndex: 'status', width: 80,
      render: (v: string) => <Tag color={v === 'ENABLE' ? 'success' : 'default'}>{BANNER_STATUS_LABELS[v as 'ENABLE'] ?? v}</Tag>,
    },
    {
      key: 'window', title: '展示时间', width: 200,
      render: (_: unknown, row: Banner) => (row.startTime || row.endTime ? `${row.startTime ? formatDateTime(row.startTime) : '不限'} 至 ${row.endTime ? formatDateTime(row.endTime) : '不限'}` : '长期'),
    },
    { key: 'sort', title: '排序', dataIndex: 'sort', width: 70 },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 240,
      render: (_: unknown, row: Banner) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => setEditing({ mode: 'upd', banner: row }) },
            {
              key: 'status', label: row.status === 'ENABLE' ? '停用' : '启用', permission: P.upd,
              onClick: () => act(() => updateBannerStatus(row.bannerId, row.lockVersion, row.status === 'ENABLE' ? 'DISABLE' : 'ENABLE'), row.status === 'ENABLE' ? '已停用' : '已启用'),
            },
            { key: 'detail', label: '详情', permission: P.list, overflow: true, onClick: () => setEditing({ mode: 'detail', banner: row }) },
            { key: 'up', label: '上移', permission: P.sort, overflow: true, onClick: () => shift(row, -1) },
            { key: 'down', label: '下移', permission: P.sort, overflow: true, onClick: () => shift(row, 1) },
            {
              key: 'del', label: '删除', permission: P.del, danger: true, overflow: true,
              confirm: { title: `确定删除轮播图「${row.title}」吗？` },
              onClick: () => act(() => deleteBanner(row.bannerId, row.lockVersion), '删除成功'),
            },
          ]}
        />
      ),
    },
  ];

  const banner = editing?.banner;
  // A stored banner's status and opening are ones the form offers.
  const initial: Partial<BannerForm> = banner
    ? { ...(banner as Partial<BannerForm>), window: banner.startTime || banner.endTime ? [banner.startTime ? dayjs(banner.startTime) : null, banner.endTime ? dayjs(banner.endTime) : null] : null }
    : { code: DEFAULT_BANNER_CODE, status: 'ENABLE', openType: 'INTERNAL_OPEN', sort: 0, siteId: (sites.data?.find((s) => s.isDefault) ?? sites.data?.[0])?.siteId };

  return (
    <>
      <SearchForm<BannerSearch>
        ref={searchForm}
        name="cms-banner-search"
        fields={searchFields}
        onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())}
      />
      <PagedTable<Banner, BannerSearch>
        ref={table}
        tableKey={BANNER_TABLE_KEY}
        fetcher={fetchBannerPage}
        params={search}
        columns={columns}
        rowKey="bannerId"
        onClearSearch={() => searchForm.current?.clear()}
        empty={{ what: '轮播图', hint: '轮播图在门户页面的轮播位轮流展示，新增并启用后按排序显示。', add: { permission: P.add, onClick: () => setEditing({ mode: 'add' }) } }}
        rowSelection={{ selectedRowKeys: selectedIds, onChange: (keys) => setSelectedIds(keys.map(String)) }}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => setEditing({ mode: 'add' }) },
              {
                key: 'delBatch', label: '批量删除', permission: P.del, danger: true, disabled: !selectedIds.length,
                confirm: { title: `确定删除选中的 ${selectedIds.length} 张轮播图吗？` },
                onClick: () => act(async () => { await deleteBanners(selectedIds); setSelectedIds([]); }, '删除成功'),
              },
            ]}
          />
        }
      />
      <RecordModal<BannerForm>
        entityName="轮播图"
        mode={editing?.mode ?? 'add'}
        open={!!editing}
        form={form}
        initialValues={initial}
        onClose={() => setEditing(null)}
        onSave={async ({ window, ...values }) => {
          const body: BannerValues = {
            ...values,
            linkUrl: values.linkUrl || null,
            startTime: window?.[0] ? window[0].toISOString() : null,
            endTime: window?.[1] ? window[1].toISOString() : null,
          };
          if (editing?.mode === 'upd' && banner) await updateBanner(banner.bannerId, banner.lockVersion, body);
          else await addBanner(body);
          message.success(editing?.mode === 'upd' ? '修改成功' : '新增成功');
          await table.current?.refresh();
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="siteId" label="站点" rules={fieldRules([], { required: '请选择站点' })}>
              <Select options={siteOptions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="code" label="位置编码" extra="门户首页轮播为 HOME" rules={rules.code}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="title" label="标题" rules={rules.title}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="imageFileId" label="图片" extra="jpg、png、gif、webp、bmp，不超过 10 MB；启用时公开显示" rules={rules.imageFileId}>
              <ImageField initialUrl={banner?.imageUrl} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="linkUrl" label="链接地址" rules={rules.linkUrl}>
              <Input placeholder="https://… 或 /policy" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="openType" label="打开方式">
              <Select options={optionsOf(OPEN_TYPE_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item
              name="window"
              label="展示时间"
              extra="不填则长期展示"
              rules={[{
                validator: (_, v: [Dayjs | null, Dayjs | null] | null) =>
                  v?.[0] && v?.[1] && !v[1].isAfter(v[0]) ? Promise.reject(new Error('结束时间必须晚于开始时间')) : Promise.resolve(),
              }]}
            >
              <DatePicker.RangePicker showTime allowEmpty={[true, true]} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="status" label="状态">
              <Select options={optionsOf(BANNER_STATUS_LABELS)} />
            </Form.Item>
          </Col>
          <Col span={4}>
            <Form.Item name="sort" label="排序" rules={rules.sort}>
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
        </Row>
      </RecordModal>
    </>
  );
}

import { useState } from 'react';
import { App, Card, Descriptions, Modal, Tag } from 'antd';
import { PURCHASE_KIND_LABELS, PURCHASE_NEXT, PURCHASE_PERMISSIONS as P, PURCHASE_STATUS_LABELS, PURCHASE_STATUSES, type PurchaseStatus } from '@dandelion/shared/award/achievement';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { textOf } from '../../../components/detail';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { purchaseApi, PURCHASE_TABLE_KEY, type Purchase, type PurchaseSearch } from './api';

const STATUS_COLORS: Record<PurchaseStatus, string> = { NEW: 'red', CONTACTED: 'blue', CLOSED: 'default' };
const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '关键词', placeholder: '成果名称、单位或联系人' },
  { name: 'status', label: '状态', type: 'select', options: PURCHASE_STATUSES.map((s) => ({ value: s, label: PURCHASE_STATUS_LABELS[s] })) },
];

function DetailModal({ row, onClose }: { row: Purchase; onClose: () => void }) {
  return (
    <Modal open title="合作意向详情" footer={null} onCancel={onClose} destroyOnHidden>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label="成果">{row.achievementTitle}</Descriptions.Item>
        <Descriptions.Item label="完成单位">{textOf(row.unitOrgName)}</Descriptions.Item>
        <Descriptions.Item label="合作方式">{PURCHASE_KIND_LABELS[row.kind]}</Descriptions.Item>
        <Descriptions.Item label="意向单位">{row.organisation}</Descriptions.Item>
        <Descriptions.Item label="联系人">{row.contactName}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{textOf(row.phone)}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{textOf(row.email)}</Descriptions.Item>
        <Descriptions.Item label="意向说明">
          <div style={{ whiteSpace: 'pre-wrap' }}>{row.message}</div>
        </Descriptions.Item>
        <Descriptions.Item label="状态">{PURCHASE_STATUS_LABELS[row.status]}</Descriptions.Item>
        <Descriptions.Item label="提交时间">{formatDateTime(row.createTime)}</Descriptions.Item>
      </Descriptions>
    </Modal>
  );
}

/**
 * /award/purchase/purchaseList: the intentions visitors left on awarded achievements (有意向合作).
 * The office sees all, a unit administrator those of its own achievements; each moves
 * 新意向 → 已联系 → 已关闭 (a new one may be closed at once).
 */
export default function PurchaseListPage() {
  const { table, searchForm, search, onSearch, clearSearch, refresh } = useListPage<PurchaseSearch>();
  const [viewing, setViewing] = useState<Purchase | null>(null);
  const { message } = App.useApp();

  const move = async (row: Purchase, status: 'CONTACTED' | 'CLOSED') => {
    await purchaseApi.updateStatus({ purchaseId: row.purchaseId, lockVersion: row.lockVersion, status });
    void message.success(`已标记为「${PURCHASE_STATUS_LABELS[status]}」`);
    refresh();
  };

  const columns: PagedColumn<Purchase>[] = [
    { key: 'achievementTitle', title: '成果', dataIndex: 'achievementTitle', render: (v: string) => <EllipsisText text={v} length={24} /> },
    { key: 'unitOrgName', title: '完成单位', dataIndex: 'unitOrgName', width: 160, render: (v: string | null) => v ?? '-' },
    { key: 'kind', title: '合作方式', dataIndex: 'kind', width: 100, render: (v: Purchase['kind']) => PURCHASE_KIND_LABELS[v] },
    { key: 'organisation', title: '意向单位', dataIndex: 'organisation', width: 180, render: (v: string) => <EllipsisText text={v} length={16} /> },
    { key: 'contactName', title: '联系人', dataIndex: 'contactName', width: 100 },
    { key: 'phone', title: '手机号码', dataIndex: 'phone', width: 130, render: (v: string | null) => v ?? '-' },
    { key: 'email', title: '电子邮箱', dataIndex: 'email', width: 180, defaultHidden: true, render: (v: string | null) => v ?? '-' },
    { key: 'status', title: '状态', dataIndex: 'status', width: 90, render: (v: PurchaseStatus) => <Tag color={STATUS_COLORS[v]}>{PURCHASE_STATUS_LABELS[v]}</Tag> },
    { key: 'createTime', title: '提交时间', dataIndex: 'createTime', width: 160, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 200,
      render: (_: unknown, row: Purchase) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'detail', label: '详情', permission: P.list, onClick: () => setViewing(row) },
            { key: 'contacted', label: '已联系', permission: P.upd, hidden: !PURCHASE_NEXT[row.status].includes('CONTACTED'), onClick: () => move(row, 'CONTACTED') },
            {
              key: 'close', label: '关闭', permission: P.upd, hidden: !PURCHASE_NEXT[row.status].includes('CLOSED'),
              confirm: { title: '确定关闭这条合作意向吗？', description: '关闭后不能再更改状态。' },
              onClick: () => move(row, 'CLOSED'),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<PurchaseSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<Purchase, PurchaseSearch>
        ref={table}
        tableKey={PURCHASE_TABLE_KEY}
        fetcher={purchaseApi.page}
        params={search}
        columns={columns}
        rowKey="purchaseId"
        onClearSearch={clearSearch}
        empty={{ what: '合作意向', hint: '访客在门户「成果展示」中对获奖成果提交「有意向合作」后显示在这里，完成单位同时收到站内消息。' }}
      />
      {viewing && <DetailModal row={viewing} onClose={() => setViewing(null)} />}
    </Card>
  );
}

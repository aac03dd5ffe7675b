import { useState } from 'react';
import { Card, Descriptions, Modal, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { BANK_PERMISSIONS as P } from '@dandelion/shared/award/bank';
import { errorMessage } from '../../../api/http';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { dateTimeOf, textOf } from '../../../components/detail';
import { EllipsisText } from '../../../components/format';
import { LoadError } from '../../../components/LoadError';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { bankApi, BANK_TABLE_KEY, type BankAccount, type BankSearch } from './api';
import { FullNumberModal } from './FullNumberModal';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'accountName', label: '户名' },
  { name: 'bankName', label: '开户银行' },
];
const masked = (value: string) => <Typography.Text style={{ fontFamily: 'monospace' }}>{value}</Typography.Text>;

/** 详情: the account as the server answers it, number masked. */
function DetailModal({ id, onClose }: { id: string; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['award', 'bank', 'detail', id], queryFn: ({ signal }) => bankApi.detail(id, signal) });
  const a = detail.data;
  return (
    <Modal open title="收款账户详情" footer={null} onCancel={onClose} destroyOnHidden>
      {detail.error ? (
        <LoadError message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
      ) : (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="账户所有人">{textOf(a?.ownerName)}</Descriptions.Item>
          <Descriptions.Item label="户名">{textOf(a?.accountName)}</Descriptions.Item>
          <Descriptions.Item label="开户银行">{textOf(a?.bankName)}</Descriptions.Item>
          <Descriptions.Item label="开户支行">{textOf(a?.branchName)}</Descriptions.Item>
          <Descriptions.Item label="银行账号">{a ? masked(a.accountNumberMasked) : textOf(null)}</Descriptions.Item>
          <Descriptions.Item label="备注">{textOf(a?.remark)}</Descriptions.Item>
          <Descriptions.Item label="更新时间">{dateTimeOf(a?.updateTime)}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

/** /award/bank/bankList: the experts' review-fee accounts, numbers masked; finance may open one whole (logged). */
export default function BankListPage() {
  const { table, searchForm, search, onSearch, clearSearch } = useListPage<BankSearch>();
  const [detailId, setDetailId] = useState<string | null>(null);
  const [reading, setReading] = useState<BankAccount | null>(null);

  const columns: PagedColumn<BankAccount>[] = [
    { key: 'accountName', title: '户名', dataIndex: 'accountName', width: 140 },
    { key: 'ownerName', title: '账户所有人', dataIndex: 'ownerName', width: 140, render: (v: string | null) => v ?? '-' },
    { key: 'bankName', title: '开户银行', dataIndex: 'bankName', width: 160 },
    { key: 'branchName', title: '开户支行', dataIndex: 'branchName' },
    { key: 'accountNumberMasked', title: '银行账号', dataIndex: 'accountNumberMasked', width: 200, render: (v: string) => masked(v) },
    { key: 'remark', title: '备注', dataIndex: 'remark', defaultHidden: true, render: (v: string | null) => <EllipsisText text={v} length={20} empty="-" /> },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, render: (v: string) => formatDateTime(v) },
    {
      key: 'action', title: '操作', alwaysShown: true, fixed: 'right', width: 200,
      render: (_: unknown, row: BankAccount) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'detail', label: '详情', permission: P.detail, onClick: () => setDetailId(row.id) },
            { key: 'full', label: '查看完整账号', permission: P.full, onClick: () => setReading(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<BankSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<BankAccount, BankSearch>
        ref={table}
        tableKey={BANK_TABLE_KEY}
        fetcher={bankApi.page}
        params={search}
        columns={columns}
        rowKey="id"
        onClearSearch={clearSearch}
        empty={{ what: '收款账户', hint: '专家在「我的收款账户」中填写后显示在这里；银行账号只显示首尾四位。' }}
      />
      {detailId && <DetailModal id={detailId} onClose={() => setDetailId(null)} />}
      {reading && <FullNumberModal account={reading} onClose={() => setReading(null)} />}
    </Card>
  );
}

import { useSearchParams } from 'react-router';
import { Card, Tag } from 'antd';
import { SMS_STATUS_LABELS, type SmsStatus } from '@dandelion/shared/message/sms';
import { MESSAGE_CHANNEL_LABELS, type MessageChannel } from '@dandelion/shared/message/template';
import { formatDateTime } from '../../../lib/date';
import { EllipsisText } from '../../../components/format';
import { hasSearchValues, PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { ChannelTag } from './TemplateListPage';
import { fetchSendLogPage, SEND_LOG_TABLE_KEY, type SendLog, type SendLogSearch } from './api';
import { optionsOf } from '../../../lib/options';

const PROVIDER_LABELS: Readonly<Record<string, string>> = { SITE: '站内', LOG: '仅记录', WEBHOOK: '短信网关', SMTP: '邮件服务器' };

const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '收信人', placeholder: '姓名、手机号、邮箱或模板编码' },
  { name: 'channel', label: '发送渠道', type: 'select', options: optionsOf(MESSAGE_CHANNEL_LABELS) },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(SMS_STATUS_LABELS) },
  { name: 'sendTime', label: '发送时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
];

const columns: PagedColumn<SendLog>[] = [
  { key: 'templateCode', title: '模板编码', dataIndex: 'templateCode', width: 160 },
  { key: 'channel', title: '渠道', dataIndex: 'channel', width: 100, render: (v: MessageChannel) => <ChannelTag channel={v} /> },
  { key: 'recipientName', title: '收信人', dataIndex: 'recipientName', width: 120, render: (v: string | null) => v ?? '-' },
  { key: 'address', title: '地址', dataIndex: 'address', width: 170, render: (v: string | null) => v ?? '-' },
  { key: 'content', title: '内容', dataIndex: 'content', render: (v: string, row) => <EllipsisText text={row.title ? `${row.title}：${v}` : v} length={30} /> },
  {
    key: 'status',
    title: '状态',
    dataIndex: 'status',
    width: 100,
    render: (v: SmsStatus) => <Tag color={v === 'SENT' ? 'success' : 'error'}>{SMS_STATUS_LABELS[v] ?? v}</Tag>,
  },
  { key: 'error', title: '失败原因', dataIndex: 'error', width: 160, render: (v: string | null) => <EllipsisText text={v} length={14} empty="-" /> },
  { key: 'provider', title: '方式', dataIndex: 'provider', width: 100, defaultHidden: true, render: (v: string) => PROVIDER_LABELS[v] ?? v },
  { key: 'createBy', title: '发送人', dataIndex: 'createBy', width: 100 },
  { key: 'createTime', title: '发送时间', dataIndex: 'createTime', width: 160, render: (v: string) => formatDateTime(v) },
];

/** /message/template/templateLog[?templateId=]: every message sent from a template, one row per recipient. */
export default function TemplateLogPage() {
  const [params] = useSearchParams();
  const templateId = params.get('templateId') ?? undefined;
  const { table, searchForm, search, onSearch, clearSearch } = useListPage<SendLogSearch>();
  return (
    <Card title={templateId ? '发送记录（当前模板）' : '发送记录'}>
      <SearchForm<SendLogSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
      <PagedTable<SendLog, SendLogSearch>
        ref={table}
        tableKey={SEND_LOG_TABLE_KEY}
        fetcher={fetchSendLogPage}
        params={templateId ? { ...search, templateId } : search}
        columns={columns}
        rowKey="logId"
        onClearSearch={clearSearch}
        searched={hasSearchValues(search)}
        empty={{ what: '发送记录', hint: templateId ? '用该模板发出的消息，每位收信人都会在这里记录一条。' : '从消息模板发出的消息，每位收信人都会在这里记录一条。' }}
      />
    </Card>
  );
}

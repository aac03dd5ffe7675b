import { useState, type Key } from 'react';
import { Card, Tag } from 'antd';
import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { RECORD_STATUS_LABELS, type RecordStatus } from '@dandelion/shared';
import { MESSAGE_CHANNEL_LABELS, type MessageChannel } from '@dandelion/shared/message/template';
import { formatDateTime } from '../../../lib/date';
import { ActionBar, useRecordActions } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useHasPermission } from '../../../api/consoleStore';
import { SendDialog } from './SendDialog';
import { templateApi, TEMPLATE_PERMISSIONS as P, TEMPLATE_TABLE_KEY, type Template, type TemplateSearch } from './api';
import { optionsOf } from '../../../lib/options';

const CHANNEL_COLOURS: Record<MessageChannel, string> = { SITE: 'blue', SMS: 'green', EMAIL: 'purple' };

const SEARCH_FIELDS: SearchField[] = [
  { name: 'templateName', label: '模板名称' },
  { name: 'templateCode', label: '模板编码' },
  { name: 'channel', label: '发送渠道', type: 'select', options: optionsOf(MESSAGE_CHANNEL_LABELS) },
  { name: 'status', label: '状态', type: 'select', options: optionsOf(RECORD_STATUS_LABELS) },
];

export const ChannelTag = ({ channel }: { channel: MessageChannel }) => <Tag color={CHANNEL_COLOURS[channel]}>{MESSAGE_CHANNEL_LABELS[channel] ?? channel}</Tag>;

/** /message/template/templateList: message templates, sent from here to chosen users. */
export default function TemplateListPage() {
  const { table, searchForm, search, onSearch, clearSearch, refresh, open } = useListPage<TemplateSearch>();
  const actions = useRecordActions();
  const [selected, setSelected] = useState<Key[]>([]);
  const [sending, setSending] = useState<Template | null>(null);
  const canDelete = useHasPermission(P.del);

  const columns: PagedColumn<Template>[] = [
    { key: 'templateName', title: '模板名称', dataIndex: 'templateName', width: 180 },
    { key: 'templateCode', title: '模板编码', dataIndex: 'templateCode', width: 170 },
    { key: 'channel', title: '发送渠道', dataIndex: 'channel', width: 100, render: (v: MessageChannel) => <ChannelTag channel={v} /> },
    { key: 'content', title: '模板内容', dataIndex: 'content', render: (v: string) => <EllipsisText text={v} length={36} /> },
    { key: 'variables', title: '变量', dataIndex: 'variables', width: 180, render: (v: string[]) => (v.length ? v.join('、') : '-') },
    {
      key: 'status',
      title: '状态',
      dataIndex: 'status',
      width: 80,
      render: (v: RecordStatus) => <Tag color={v === 'NORMAL' ? 'success' : 'default'}>{RECORD_STATUS_LABELS[v] ?? v}</Tag>,
    },
    { key: 'updateTime', title: '更新时间', dataIndex: 'updateTime', width: 160, defaultHidden: true, render: (v: string) => formatDateTime(v) },
    {
      key: 'action',
      title: '操作',
      alwaysShown: true,
      fixed: 'right',
      width: 200,
      render: (_: unknown, row) => (
        <ActionBar
          variant="row"
          actions={[
            { key: 'send', label: '发送', permission: P.send, disabled: row.status !== 'NORMAL', onClick: () => setSending(row) },
            { key: 'upd', label: '修改', permission: P.upd, onClick: () => open('templateUpd', { id: row.templateId }) },
            { key: 'detail', label: '详情', permission: P.detail, overflow: true, onClick: () => open('templateDetail', { id: row.templateId }) },
            { key: 'log', label: '发送记录', permission: P.log, overflow: true, onClick: () => open('templateLog', { templateId: row.templateId }) },
            actions.remove({
              entity: '模板',
              name: row.templateName,
              permission: P.del,
              description: '发送记录会保留。',
              remove: () => templateApi.remove(row.templateId, row.lockVersion),
              after: refresh,
            }),
          ]}
        />
      ),
    },
  ];

  return (
    <Card>
      <SearchForm<TemplateSearch>
        ref={searchForm}
        fields={SEARCH_FIELDS}
        onSearch={(values) => {
          setSelected([]);
          onSearch(values);
        }}
      />
      <PagedTable<Template, TemplateSearch>
        ref={table}
        tableKey={TEMPLATE_TABLE_KEY}
        fetcher={templateApi.page}
        params={search}
        columns={columns}
        rowKey="templateId"
        onClearSearch={clearSearch}
        empty={{ what: '消息模板', hint: '消息模板规定短信、站内信或邮件的内容，新增后可用它向选定的用户发送消息。', add: { permission: P.add, onClick: () => open('templateAdd') } }}
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: setSelected } : undefined}
        toolbar={
          <ActionBar
            actions={[
              { key: 'add', label: '新增', primary: true, icon: <PlusOutlined />, permission: P.add, onClick: () => open('templateAdd') },
              { key: 'log', label: '发送记录', icon: <HistoryOutlined />, permission: P.log, onClick: () => open('templateLog') },
              actions.removeSelected({ selected, unit: '个模板', permission: P.del, remove: templateApi.removeMany, after: () => { setSelected([]); return refresh(); } }),
            ]}
          />
        }
      />
      <SendDialog template={sending} onClose={() => setSending(null)} />
    </Card>
  );
}

import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { App, Badge, Button, Card, Tabs, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { MESSAGE_CATEGORY_LABELS } from '@dandelion/shared/message/msg';
import { NOTICE_PRIORITY_LABELS } from '@dandelion/shared/message/notice';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { applySearch, PagedTable, type PagedColumn, type PagedTableHandle } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useConsoleStore } from '../../../api/consoleStore';
import { announceReadChange } from '../bell/unreadFeed';
import {
  fetchMyMsgPage,
  fetchMyNoticePage,
  markMsgsRead,
  markNoticesRead,
  MY_MSGS_TABLE_KEY,
  MY_NOTICES_TABLE_KEY,
  type MyMsg,
  type MyNotice,
  type MySearch,
} from './api';
import { categoryLabel, MessageReader, NoticeReader, PriorityTag } from './readers';

const READ_OPTIONS = [
  { value: 0, label: '未读' },
  { value: 1, label: '已读' },
];
const optionsOf = (labels: Readonly<Record<string, string>>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

const NOTICE_FIELDS: SearchField[] = [
  { name: 'title', label: '标题' },
  { name: 'readFlag', label: '阅读状态', type: 'select', options: READ_OPTIONS },
  { name: 'priority', label: '优先级', type: 'select', options: optionsOf(NOTICE_PRIORITY_LABELS) },
];
const MSG_FIELDS: SearchField[] = [
  { name: 'title', label: '标题' },
  { name: 'readFlag', label: '阅读状态', type: 'select', options: READ_OPTIONS },
  { name: 'category', label: '类别', type: 'select', options: optionsOf(MESSAGE_CATEGORY_LABELS) },
];

const ReadTag = ({ readFlag }: { readFlag: 0 | 1 }) => (readFlag ? <Tag>已读</Tag> : <Badge status="processing" text="未读" />);

/** A title that opens the item; unread ones are bold, as in a mail box. */
function TitleLink({ text, unread, onOpen }: { text: string; unread: boolean; onOpen: () => void }) {
  return (
    <Button type="link" onClick={onOpen} style={{ padding: 0, height: 'auto', fontWeight: unread ? 600 : undefined, textAlign: 'left', whiteSpace: 'normal' }}>
      {text}
    </Button>
  );
}

function NoticeTab() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<MySearch>({});
  const [reading, setReading] = useState<string | null>(null);
  const unread = useConsoleStore((s) => s.unreadCount);

  const columns: PagedColumn<MyNotice>[] = [
    {
      key: 'title',
      title: '标题',
      dataIndex: 'title',
      render: (_: unknown, row) => (
        <span>
          <PriorityTag priority={row.priority} />
          <TitleLink text={row.title} unread={!row.readFlag} onOpen={() => setReading(row.noticeId)} />
        </span>
      ),
    },
    { key: 'summary', title: '摘要', dataIndex: 'summary', render: (v: string) => <EllipsisText text={v} length={30} empty="-" /> },
    { key: 'releaseBy', title: '发布人', dataIndex: 'releaseBy', width: 110, render: (v: string | null) => v ?? '-' },
    { key: 'publishTime', title: '发布时间', dataIndex: 'publishTime', width: 160, render: (v: string) => formatDateTime(v) },
    { key: 'readFlag', title: '状态', dataIndex: 'readFlag', width: 90, render: (v: 0 | 1) => <ReadTag readFlag={v} /> },
  ];

  return (
    <>
      <SearchForm<MySearch> fields={NOTICE_FIELDS} onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())} />
      <PagedTable<MyNotice, MySearch>
        ref={table}
        tableKey={MY_NOTICES_TABLE_KEY}
        fetcher={fetchMyNoticePage}
        params={search}
        columns={columns}
        rowKey="noticeId"
        toolbar={
          <ActionBar
            actions={[
              {
                key: 'readAll',
                label: '全部已读',
                icon: <CheckOutlined />,
                disabled: unread === 0,
                onClick: async () => {
                  const { updated } = await markNoticesRead({ all: true });
                  message.success(updated ? `已将 ${updated} 条通知标记为已读` : '没有未读的通知');
                  announceReadChange();
                  await table.current?.refresh();
                },
              },
            ]}
          />
        }
      />
      <NoticeReader
        noticeId={reading}
        onClose={() => {
          setReading(null);
          void table.current?.refresh();
        }}
      />
    </>
  );
}

function MessageTab() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const [search, setSearch] = useState<MySearch & { category?: string }>({});
  const [reading, setReading] = useState<string | null>(null);
  const unread = useConsoleStore((s) => s.unreadCount);

  const columns: PagedColumn<MyMsg>[] = [
    { key: 'title', title: '标题', dataIndex: 'title', render: (_: unknown, row) => <TitleLink text={row.title} unread={!row.readFlag} onOpen={() => setReading(row.msgId)} /> },
    { key: 'content', title: '内容', dataIndex: 'content', render: (v: string) => <EllipsisText text={v} length={30} empty="-" /> },
    { key: 'category', title: '类别', dataIndex: 'category', width: 100, render: (v: string) => categoryLabel(v) },
    { key: 'createTime', title: '时间', dataIndex: 'createTime', width: 160, render: (v: string) => formatDateTime(v) },
    { key: 'readFlag', title: '状态', dataIndex: 'readFlag', width: 90, render: (v: 0 | 1) => <ReadTag readFlag={v} /> },
  ];

  return (
    <>
      <SearchForm fields={MSG_FIELDS} onSearch={(values) => applySearch(values, search, setSearch, () => table.current?.refresh())} />
      <PagedTable<MyMsg, MySearch & { category?: string }>
        ref={table}
        tableKey={MY_MSGS_TABLE_KEY}
        fetcher={fetchMyMsgPage}
        params={search}
        columns={columns}
        rowKey="msgId"
        toolbar={
          <ActionBar
            actions={[
              {
                key: 'readAll',
                label: '全部已读',
                icon: <CheckOutlined />,
                disabled: unread === 0,
                onClick: async () => {
                  const { updated } = await markMsgsRead({ all: true });
                  message.success(updated ? `已将 ${updated} 条消息标记为已读` : '没有未读的消息');
                  announceReadChange();
                  await table.current?.refresh();
                },
              },
            ]}
          />
        }
      />
      <MessageReader
        msgId={reading}
        onClose={() => {
          setReading(null);
          void table.current?.refresh();
        }}
      />
    </>
  );
}

/** /message/my/myMsgList (menu component 'message/my/myMsgList'): the user's notices and in-site messages. */
export default function MyMessagePage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'msg' ? 'msg' : 'notice';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'msg' ? { tab: 'msg' } : {}, { replace: true })}
        items={[
          { key: 'notice', label: '通知公告', children: <NoticeTab /> },
          { key: 'msg', label: '站内消息', children: <MessageTab /> },
        ]}
        destroyOnHidden
      />
    </Card>
  );
}

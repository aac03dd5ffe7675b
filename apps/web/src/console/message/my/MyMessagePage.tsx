import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { App, Badge, Button, Card, Tabs, Tag } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { MESSAGE_CATEGORY_LABELS } from '@dandelion/shared/message/msg';
import { NOTICE_PRIORITY_LABELS } from '@dandelion/shared/message/notice';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { EllipsisText } from '../../../components/format';
import { PagedTable, useListPage, type PageFetcher, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { useConsoleStore } from '../../../api/consoleStore';
import { announceReadChange } from './unreadFeed';
import {
  fetchMyMsgPage,
  fetchMyNoticePage,
  markMsgsRead,
  markNoticesRead,
  MY_MSGS_TABLE_KEY,
  MY_NOTICES_TABLE_KEY,
  type MyMsg,
  type MyNotice,
} from './api';
import { PriorityTag } from '../../../components/PriorityTag/PriorityTag';
import { MessageReader, NoticeReader } from './readers';
import { categoryLabel } from './categoryLabel';
import { optionsOf } from '../../../lib/options';

const READ_OPTIONS = [
  { value: 0, label: '未读' },
  { value: 1, label: '已读' },
];

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

interface InboxTabProps<Row extends object> {
  /** 通知 or 消息, in the messages of 全部已读. */
  what: string;
  fields: SearchField[];
  tableKey: string;
  fetcher: PageFetcher<Row, object>;
  rowKey: keyof Row & string;
  /** The columns; a title calls `open` with the item's id. */
  columns: (open: (id: string) => void) => PagedColumn<Row>[];
  /** What an empty tab says will arrive here. */
  hint: string;
  markAllRead: () => Promise<{ updated: number }>;
  /** The dialog reading the item opened (null: none). */
  reader: (id: string | null, onClose: () => void) => ReactNode;
}

/** One tab of the page: search, the list with 全部已读, and the dialog that reads an item (marking it read). */
function InboxTab<Row extends object>({ what, fields, tableKey, fetcher, rowKey, columns, hint, markAllRead, reader }: InboxTabProps<Row>) {
  const { message } = App.useApp();
  const { table, searchForm, search, onSearch, clearSearch, refresh } = useListPage<object>();
  const [reading, setReading] = useState<string | null>(null);
  const unread = useConsoleStore((s) => s.unreadCount);
  return (
    <>
      <SearchForm ref={searchForm} fields={fields} onSearch={onSearch} />
      <PagedTable<Row, object>
        ref={table}
        tableKey={tableKey}
        fetcher={fetcher}
        params={search}
        columns={columns(setReading)}
        rowKey={rowKey}
        onClearSearch={clearSearch}
        empty={{ what, hint }}
        toolbar={
          <ActionBar
            actions={[
              {
                key: 'readAll',
                label: '全部已读',
                icon: <CheckOutlined />,
                disabled: unread === 0,
                onClick: async () => {
                  const { updated } = await markAllRead();
                  message.success(updated ? `已将 ${updated} 条${what}标记为已读` : `没有未读的${what}`);
                  announceReadChange();
                  await refresh();
                },
              },
            ]}
          />
        }
      />
      {reader(reading, () => {
        setReading(null);
        void refresh();
      })}
    </>
  );
}

const noticeColumns = (open: (id: string) => void): PagedColumn<MyNotice>[] => [
  {
    key: 'title',
    title: '标题',
    dataIndex: 'title',
    render: (_: unknown, row) => (
      <span>
        <PriorityTag priority={row.priority} />
        <TitleLink text={row.title} unread={!row.readFlag} onOpen={() => open(row.noticeId)} />
      </span>
    ),
  },
  { key: 'summary', title: '摘要', dataIndex: 'summary', render: (v: string) => <EllipsisText text={v} length={30} empty="-" /> },
  { key: 'releaseBy', title: '发布人', dataIndex: 'releaseBy', width: 110, render: (v: string | null) => v ?? '-' },
  { key: 'publishTime', title: '发布时间', dataIndex: 'publishTime', width: 160, render: (v: string) => formatDateTime(v) },
  { key: 'readFlag', title: '状态', dataIndex: 'readFlag', width: 90, render: (v: 0 | 1) => <ReadTag readFlag={v} /> },
];

const msgColumns = (open: (id: string) => void): PagedColumn<MyMsg>[] => [
  { key: 'title', title: '标题', dataIndex: 'title', render: (_: unknown, row) => <TitleLink text={row.title} unread={!row.readFlag} onOpen={() => open(row.msgId)} /> },
  { key: 'content', title: '内容', dataIndex: 'content', render: (v: string) => <EllipsisText text={v} length={30} empty="-" /> },
  { key: 'category', title: '类别', dataIndex: 'category', width: 100, render: (v: string) => categoryLabel(v) },
  { key: 'createTime', title: '时间', dataIndex: 'createTime', width: 160, render: (v: string) => formatDateTime(v) },
  { key: 'readFlag', title: '状态', dataIndex: 'readFlag', width: 90, render: (v: 0 | 1) => <ReadTag readFlag={v} /> },
];

const noticeTab = (
  <InboxTab<MyNotice>
    what="通知"
    fields={NOTICE_FIELDS}
    tableKey={MY_NOTICES_TABLE_KEY}
    fetcher={fetchMyNoticePage}
    rowKey="noticeId"
    columns={noticeColumns}
    hint="发给你的通知公告会显示在这里，未读的标题以粗体显示。"
    markAllRead={() => markNoticesRead({ all: true })}
    reader={(id, onClose) => <NoticeReader noticeId={id} onClose={onClose} />}
  />
);

const msgTab = (
  <InboxTab<MyMsg>
    what="消息"
    fields={MSG_FIELDS}
    tableKey={MY_MSGS_TABLE_KEY}
    fetcher={fetchMyMsgPage}
    rowKey="msgId"
    columns={msgColumns}
    hint="系统提醒、申报和评审进展、模板消息等发给你的站内消息会显示在这里。"
    markAllRead={() => markMsgsRead({ all: true })}
    reader={(id, onClose) => <MessageReader msgId={id} onClose={onClose} />}
  />
);

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
          { key: 'notice', label: '通知公告', children: noticeTab },
          { key: 'msg', label: '站内消息', children: msgTab },
        ]}
        destroyOnHidden
      />
    </Card>
  );
}

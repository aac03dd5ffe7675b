import { useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Badge, Button, Card, Col, Progress, Row, Space, Statistic, Tag } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, SyncOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { formatDateTime } from '../../../lib/date';
import { ActionBar } from '../../../components/ActionBar';
import { hasSearchValues, PagedTable, useListPage, type PagedColumn } from '../../../components/PagedTable';
import { SearchForm, type SearchField } from '../../../components/SearchForm';
import { NoticeStatusTag } from './NoticeListPage';
import { exportReceipts, fetchReceiptPage, fetchReceiptSummary, NOTICE_PERMISSIONS as P, RECEIPT_TABLE_KEY, syncNotices, type Receipt, type ReceiptSearch } from './api';

const SEARCH_FIELDS: SearchField[] = [
  { name: 'keyword', label: '用户', placeholder: '用户名、姓名或机构' },
  {
    name: 'readFlag',
    label: '阅读状态',
    type: 'select',
    options: [
      { value: 0, label: '未读' },
      { value: 1, label: '已读' },
    ],
  },
];

const columns: PagedColumn<Receipt>[] = [
  { key: 'username', title: '用户名', dataIndex: 'username', width: 160 },
  { key: 'realname', title: '姓名', dataIndex: 'realname', width: 140, render: (v: string | null) => v ?? '-' },
  { key: 'orgName', title: '所属机构', dataIndex: 'orgName', render: (v: string | null) => v ?? '-' },
  {
    key: 'readFlag',
    title: '阅读状态',
    dataIndex: 'readFlag',
    width: 110,
    render: (v: 0 | 1) => (v ? <Tag color="success">已读</Tag> : <Badge status="warning" text="未读" />),
  },
  { key: 'readTime', title: '阅读时间', dataIndex: 'readTime', width: 160, render: (v: string | null) => formatDateTime(v) || '-' },
  { key: 'deliverTime', title: '投递时间', dataIndex: 'deliverTime', width: 160, render: (v: string) => formatDateTime(v) },
];

/** /message/notice/noticeReceipt?id=: who of a notice's recipients has read it, and who has not. */
export default function NoticeReceiptPage() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const noticeId = params.get('id');
  const { table, searchForm, search, onSearch, clearSearch, refresh } = useListPage<ReceiptSearch>();
  const queryClient = useQueryClient();
  const summaryKey = ['notice-receipt-summary', noticeId];
  const summary = useQuery({ queryKey: summaryKey, queryFn: ({ signal }) => fetchReceiptSummary(noticeId!, signal), enabled: !!noticeId });
  const data = summary.data;
  const percent = data && data.deliveredCount ? Math.round((data.readCount / data.deliveredCount) * 100) : 0;

  if (!noticeId) return <Alert type="error" showIcon title="缺少通知编号，无法查看阅读情况" />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} aria-label="返回" onClick={() => navigate(-1)} />
            <span>阅读情况{data ? `：${data.title}` : ''}</span>
            {data && <NoticeStatusTag status={data.status} />}
          </Space>
        }
        loading={summary.isPending && !summary.isError}
      >
        {summary.isError ? (
          <Alert type="error" showIcon title={errorMessage(summary.error)} />
        ) : (
          data && (
            <Row gutter={[24, 16]} align="middle">
              <Col xs={12} md={5}>
                <Statistic title="投递人数" value={data.deliveredCount} />
              </Col>
              <Col xs={12} md={5}>
                <Statistic title="已读" value={data.readCount} styles={{ content: { color: 'var(--ant-color-success)' } }} />
              </Col>
              <Col xs={12} md={5}>
                <Statistic title="未读" value={data.unreadCount} styles={{ content: { color: data.unreadCount ? 'var(--ant-color-warning)' : undefined } }} />
              </Col>
              <Col xs={12} md={4}>
                <Progress type="circle" percent={percent} size={72} format={(p) => `${p}%`} aria-label="阅读率" />
              </Col>
              <Col xs={24} md={5} style={{ color: 'var(--ant-color-text-secondary)' }}>
                <div>发布时间：{formatDateTime(data.publishTime) || '-'}</div>
                <div>失效时间：{formatDateTime(data.expireTime) || '长期有效'}</div>
              </Col>
            </Row>
          )
        )}
      </Card>
      <Card>
        <SearchForm<ReceiptSearch> ref={searchForm} fields={SEARCH_FIELDS} onSearch={onSearch} />
        <PagedTable<Receipt, ReceiptSearch & { noticeId: string }>
          ref={table}
          tableKey={RECEIPT_TABLE_KEY}
          fetcher={fetchReceiptPage}
          params={{ ...search, noticeId }}
          columns={columns}
          rowKey="userId"
          onClearSearch={clearSearch}
          searched={hasSearchValues(search)}
          empty={{ what: '接收人', hint: '通知发布后投递给接收范围内的用户，他们的阅读情况显示在这里。' }}
          toolbar={
            <ActionBar
              actions={[
                { key: 'export', label: '导出', icon: <DownloadOutlined />, permission: P.receipt, onClick: () => exportReceipts({ ...search, noticeId }) },
                {
                  key: 'sync',
                  label: '同步投递',
                  icon: <SyncOutlined />,
                  permission: P.sync,
                  hidden: data?.status !== 'RELEASED',
                  confirm: { title: '按通知对象的当前成员重新投递吗？', description: '新成员会收到通知；已不在范围内的成员，未读的通知将被收回。', okText: '同步' },
                  onClick: async () => {
                    const result = await syncNotices([noticeId]);
                    message.success(`同步完成：新投递 ${result.delivered} 人，收回 ${result.withdrawn} 人`);
                    await queryClient.invalidateQueries({ queryKey: summaryKey });
                    await refresh();
                  },
                },
              ]}
            />
          }
        />
      </Card>
    </Space>
  );
}

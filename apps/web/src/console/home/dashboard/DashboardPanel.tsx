import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Card, Col, Empty, Row, Segmented, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { LazyChart } from '../charts/LazyChart';
import { fetchLoginInfo, fetchVisitInfo, type VisitInfo } from './api';
import { loginTrend, visitTrend } from './trendOptions';

const RANGES = [
  { label: '近 7 天', value: 7 },
  { label: '近 30 天', value: 30 },
];

/** One of today's figures, with a line of detail under it (in red when it calls for a look). */
function TodayFigure({ title, value, loading, alarming, children }: { title: string; value: number | undefined; loading: boolean; alarming?: boolean; children: ReactNode }) {
  return (
    <Col xs={12} lg={6}>
      <Card loading={loading}>
        <Statistic title={title} value={value ?? 0} />
        <Typography.Text type={alarming ? 'danger' : 'secondary'}>{children}</Typography.Text>
      </Card>
    </Col>
  );
}

/**
 * The home page's figures for those who may read the sign-in and access logs: today's counts,
 * trend charts of visits and sign-ins, and the most viewed pages.
 */
export function DashboardPanel() {
  const [days, setDays] = useState(7);
  const logins = useQuery({ queryKey: ['home', 'loginfo', days], queryFn: ({ signal }) => fetchLoginInfo(days, signal), staleTime: 60_000 });
  const visits = useQuery({ queryKey: ['home', 'visitInfo', days], queryFn: ({ signal }) => fetchVisitInfo(days, signal), staleTime: 60_000 });
  const visitOption = useMemo(() => (visits.data ? visitTrend(visits.data) : null), [visits.data]);
  const loginOption = useMemo(() => (logins.data ? loginTrend(logins.data) : null), [logins.data]);
  const failure = logins.error ?? visits.error;

  return (
    <>
      {failure && <Alert type="error" showIcon title={`统计数据加载失败：${errorMessage(failure)}`} />}
      <Row gutter={[16, 16]}>
        <TodayFigure title="今日访问量" value={visits.data?.today.views} loading={visits.isPending}>
          门户 {visits.data?.today.portal ?? 0} · 控制台 {visits.data?.today.console ?? 0}
        </TodayFigure>
        <TodayFigure title="今日访客" value={visits.data?.today.visitors} loading={visits.isPending}>
          所选期间 {visits.data?.visitors ?? 0} 位
        </TodayFigure>
        <TodayFigure title="今日登录次数" value={logins.data?.today.total} loading={logins.isPending} alarming={!!logins.data?.today.failure}>
          失败 {logins.data?.today.failure ?? 0} 次
        </TodayFigure>
        <TodayFigure title="今日登录用户" value={logins.data?.today.users} loading={logins.isPending}>
          所选期间 {logins.data?.users ?? 0} 位
        </TodayFigure>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="访问趋势" extra={<Segmented size="small" options={RANGES} value={days} onChange={(value) => setDays(Number(value))} />}>
            {visitOption ? <LazyChart option={visitOption} label={`近 ${days} 天每天的门户、控制台访问量和访客数`} /> : <Empty description={visits.isPending ? '加载中' : '暂无数据'} />}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="登录趋势">
            {loginOption ? <LazyChart option={loginOption} label={`近 ${days} 天每天的登录成功、失败次数和登录用户数`} /> : <Empty description={logins.isPending ? '加载中' : '暂无数据'} />}
          </Card>
        </Col>
      </Row>
      <Card title={`热门页面（近 ${days} 天）`}>
        <TopPages pages={visits.data?.topPages} loading={visits.isPending} />
      </Card>
    </>
  );
}

function TopPages({ pages, loading }: { pages: VisitInfo['topPages'] | undefined; loading: boolean }) {
  return (
    <Table
      size="small"
      loading={loading}
      pagination={false}
      rowKey={(p) => `${p.client}${p.path}`}
      dataSource={pages ?? []}
      // Body-coloured: antd's placeholder grey (#bfbfbf) fails the contrast check when there are no visits yet.
      locale={{ emptyText: <Typography.Text>还没有访问记录</Typography.Text> }}
      columns={[
        { key: 'rank', title: '排名', width: 64, render: (_: unknown, __: unknown, index: number) => index + 1 },
        { key: 'client', title: '客户端', dataIndex: 'client', width: 90, render: (v: string) => <Tag color={v === 'CONSOLE' ? 'blue' : 'green'}>{v === 'CONSOLE' ? '控制台' : '门户'}</Tag> },
        { key: 'title', title: '页面', dataIndex: 'title', render: (v: string | null) => v ?? '（无标题）' },
        { key: 'path', title: '路径', dataIndex: 'path', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
        { key: 'views', title: '访问量', dataIndex: 'views', width: 90, align: 'right' },
      ]}
    />
  );
}

import { useMemo } from 'react';
import { Card, Col, Empty, Row, Segmented, Table, Tag, Typography } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { LazyChart } from '../charts/LazyChart';
import type { LoginInfo, VisitInfo } from './api';
import { loginTrend, visitTrend } from './trendOptions';

const RANGES = [
  { label: '近 7 天', value: 7 },
  { label: '近 30 天', value: 30 },
];

interface DashboardTrendsProps {
  days: number;
  onDaysChange: (days: number) => void;
  visits: UseQueryResult<VisitInfo>;
  logins: UseQueryResult<LoginInfo>;
}

/**
 * The lower half of the home page's figures: trend charts of visits and sign-ins over the chosen
 * days, and the most viewed pages. A chunk of its own (Table, Segmented, the charts), loaded when
 * it scrolls into view; the data comes from the panel's queries.
 */
export function DashboardTrends({ days, onDaysChange, visits, logins }: DashboardTrendsProps) {
  const visitOption = useMemo(() => (visits.data ? visitTrend(visits.data) : null), [visits.data]);
  const loginOption = useMemo(() => (logins.data ? loginTrend(logins.data) : null), [logins.data]);
  const setDays = onDaysChange;
  return (
    <>
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

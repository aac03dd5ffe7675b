import { lazy, Suspense, useState, type ReactNode } from 'react';
import { CloseCircleFilled } from '@ant-design/icons';
import { Panel } from '../../../components/Panel/Panel';
import { Shimmer } from '../../../components/Shimmer/Shimmer';
import { Text } from '../../../components/Text/Text';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { useInViewport } from '../../../components/useInViewport';
import { fetchLoginInfo, fetchVisitInfo } from './api';

// Below the fold on a laptop screen: the charts (ECharts) and the table load when the user scrolls to them.
const DashboardTrends = lazy(() => import('./DashboardTrends').then((m) => ({ default: m.DashboardTrends })));

/** Thousands grouped as antd's Statistic shows them: 1,500. */
const figureFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * One of today's figures, with a line of detail under it (in red when it calls for a look); drawn
 * like antd's Statistic in a Card (home.css), a placeholder while it loads.
 */
function TodayFigure({ title, value, loading, alarming, children }: { title: string; value: number | undefined; loading: boolean; alarming?: boolean; children: ReactNode }) {
  return (
    <Panel className="dl-figure">
      {loading ? (
        <Shimmer rows={4} />
      ) : (
        <>
          <div className="dl-figure__title">{title}</div>
          <div className="dl-figure__value">{figureFormat.format(value ?? 0)}</div>
          <Text type={alarming ? 'danger' : 'secondary'}>{children}</Text>
        </>
      )}
    </Panel>
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
  const failure = logins.error ?? visits.error;

  return (
    <>
      {failure && (
        <div className="dl-home-alert" role="alert">
          <CloseCircleFilled className="dl-home-alert__icon" aria-hidden />
          <span>统计数据加载失败：{errorMessage(failure)}</span>
        </div>
      )}
      <div className="dl-figures">
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
      </div>
      <DeferredTrends>
        <DashboardTrends days={days} onDaysChange={setDays} visits={visits} logins={logins} />
      </DeferredTrends>
    </>
  );
}

/**
 * Holds the trends' place (about their height) until it scrolls into view, then renders them: a
 * skeleton shows only while their code is on its way, not for what nobody has scrolled to yet.
 */
function DeferredTrends({ children }: { children: ReactNode }) {
  const { ref, seen } = useInViewport<HTMLDivElement>();
  if (!seen) return <div ref={ref} style={{ minHeight: 420 }} data-testid="home-trends-placeholder" />;
  return (
    <Suspense
      fallback={
        <div style={{ minHeight: 420 }}>
          <Shimmer rows={8} />
        </div>
      }
    >
      {children}
    </Suspense>
  );
}

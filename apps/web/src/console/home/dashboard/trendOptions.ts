import type { ChartOption } from '../charts/LazyChart';
import type { LoginInfo, VisitInfo } from './api';

/** '2026-03-01' → '03-01': the axis of a week or a month needs no year. */
const shortDay = (date: string) => date.slice(5);

const base = (days: string[]): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
  xAxis: { type: 'category', data: days.map(shortDay), axisTick: { alignWithLabel: true } },
  yAxis: { type: 'value', minInterval: 1 },
});

/** Page views per day, portal and console stacked, with distinct visitors as a line. */
export function visitTrend(info: VisitInfo): ChartOption {
  return {
    ...base(info.days.map((d) => d.date)),
    color: ['#1f5fb8', '#36a3a3', '#e8a33d'],
    series: [
      { name: '门户访问', type: 'bar', stack: 'views', barMaxWidth: 28, data: info.days.map((d) => d.portal) },
      { name: '控制台访问', type: 'bar', stack: 'views', barMaxWidth: 28, data: info.days.map((d) => d.console) },
      { name: '访客数', type: 'line', smooth: true, data: info.days.map((d) => d.visitors) },
    ],
  };
}

/** Sign-ins per day: successes and failures, with the users who got in as a line. */
export function loginTrend(info: LoginInfo): ChartOption {
  return {
    ...base(info.days.map((d) => d.date)),
    color: ['#52a35b', '#d9534f', '#1f5fb8'],
    series: [
      { name: '登录成功', type: 'line', smooth: true, areaStyle: { opacity: 0.12 }, data: info.days.map((d) => d.success) },
      { name: '登录失败', type: 'line', smooth: true, data: info.days.map((d) => d.failure) },
      { name: '登录用户', type: 'line', smooth: true, lineStyle: { type: 'dashed' }, data: info.days.map((d) => d.users) },
    ],
  };
}

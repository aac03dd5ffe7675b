import type { ChartOption } from '../../home/charts/LazyChart';
import type { Sample } from './history';

const clock = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });

const base = (samples: readonly Sample[], unit: string): ChartOption => ({
  tooltip: { trigger: 'axis', valueFormatter: (value) => `${value as number} ${unit}` },
  legend: { top: 0 },
  grid: { left: 8, right: 16, top: 36, bottom: 8, containLabel: true },
  xAxis: { type: 'category', boundaryGap: false, data: samples.map((s) => clock.format(s.at)) },
  // No animation: a new point every few seconds would keep the lines moving.
  animation: false,
});

export function cpuChart(samples: readonly Sample[]): ChartOption {
  return {
    ...base(samples, '%'),
    color: ['#1f5fb8', '#e8a33d'],
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value}%' } },
    series: [
      { name: '整机', type: 'line', showSymbol: false, areaStyle: { opacity: 0.1 }, data: samples.map((s) => s.cpu) },
      { name: '本进程', type: 'line', showSymbol: false, data: samples.map((s) => s.processCpu) },
    ],
  };
}

export function memoryChart(samples: readonly Sample[]): ChartOption {
  return {
    ...base(samples, 'MB'),
    color: ['#52a35b', '#36a3a3', '#9061c2'],
    yAxis: { type: 'value', min: 0, axisLabel: { formatter: '{value} MB' } },
    series: [
      { name: '堆已用', type: 'line', showSymbol: false, areaStyle: { opacity: 0.1 }, data: samples.map((s) => s.heapUsedMB) },
      { name: '堆总量', type: 'line', showSymbol: false, data: samples.map((s) => s.heapTotalMB) },
      { name: '常驻内存（RSS）', type: 'line', showSymbol: false, data: samples.map((s) => s.rssMB) },
    ],
  };
}

import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Skeleton, Typography } from 'antd';
import type { Chart, ChartOption } from './echartsCore';

export type { ChartOption };

export interface LazyChartProps {
  option: ChartOption;
  height?: number;
  /** What the chart shows, for screen readers (the SVG itself says nothing). */
  label: string;
}

/**
 * An ECharts chart whose library loads on first use (a dynamic import of echartsCore); the page
 * around it paints at once with a skeleton in its place. Later options are merged into the chart;
 * the chart follows its container's width.
 */
export function LazyChart({ option, height = 280, label }: LazyChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  // The chart starts with the option of the moment its library has loaded.
  const firstOption = useEffectEvent((instance: Chart) => instance.setOption(option));
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    import('./echartsCore')
      .then(({ createChart }) => {
        if (disposed || !container.current) return;
        const instance = createChart(container.current, height);
        firstOption(instance);
        chart.current = instance;
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => instance.resize({ width: container.current?.clientWidth || undefined, height }));
          observer.observe(container.current);
        }
        setState('ready');
      })
      .catch(() => {
        if (!disposed) setState('failed');
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [height]);

  useEffect(() => {
    chart.current?.setOption(option);
  }, [option]);

  return (
    <div style={{ position: 'relative', minHeight: height }}>
      <div ref={container} role="img" aria-label={label} style={{ width: '100%', height }} className="dl-chart" />
      {state === 'loading' && (
        <div style={{ position: 'absolute', inset: 0 }}>
          <Skeleton active paragraph={{ rows: 5 }} title={false} />
        </div>
      )}
      {state === 'failed' && (
        <Typography.Text type="secondary" style={{ position: 'absolute', inset: 0, display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
          图表组件加载失败，请刷新页面重试
        </Typography.Text>
      )}
    </div>
  );
}

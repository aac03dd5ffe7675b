/**
 * The only ECharts this app loads: the tree-shaken core with line and bar charts, grid, tooltip and
 * legend, drawn as SVG (crisp at any zoom, lighter than canvas for small charts). Imported
 * dynamically by <LazyChart>, so it is a chunk of its own that no first paint waits for.
 */
import { init, use as register, type ComposeOption, type EChartsType } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

register([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, SVGRenderer]);

export type ChartOption = ComposeOption<LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption>;
export type Chart = EChartsType;

export function createChart(element: HTMLElement, height: number): Chart {
  // A container not laid out yet (hidden tab) has no width; the resize observer corrects it later.
  return init(element, null, { renderer: 'svg', height, width: element.clientWidth || 600 });
}

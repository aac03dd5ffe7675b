import type { ConsolePage } from '../../pageTypes';

/** The monitor pages, by menu component key (see console/pages.ts). */
export const MONITOR_PAGES: Record<string, ConsolePage> = {
  'base/monitor/monitorMain': { paths: ['/base/monitor/monitorMain'], load: () => import('./MonitorPage') },
};

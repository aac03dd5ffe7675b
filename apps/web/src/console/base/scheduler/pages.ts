import { formPaths, type ConsolePage } from '../../pageTypes';

/** The scheduler pages, by menu component key (see console/pages.ts and the seed's base:scheduler entries). */
export const SCHEDULER_PAGES: Record<string, ConsolePage> = {
  'base/scheduler/schedulerMain': { paths: ['/base/scheduler/schedulerMain'], load: () => import('./SchedulerListPage') },
  'base/scheduler/schedulerForm': { paths: formPaths('/base/scheduler', 'scheduler'), load: () => import('./SchedulerFormPage') },
  'base/scheduler/schedulerLogDetail': { paths: ['/base/scheduler/schedulerLogDetail'], load: () => import('./SchedulerLogDetailPage') },
};

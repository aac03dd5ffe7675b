import type { ConsolePage } from '../../pageTypes';

/** The progress pages, by menu component key (see console/pages.ts). */
export const PROGRESS_PAGES: Record<string, ConsolePage> = {
  'base/progress/progressMain': { paths: ['/base/progress/progressMain'], load: () => import('./ProgressMainPage') },
};

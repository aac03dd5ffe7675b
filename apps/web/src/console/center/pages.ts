import type { ConsolePage } from '../pageTypes';

/** The personal centre inside the console layout, by menu component key (spec §2 center group). */
export const CENTER_PAGES: Record<string, ConsolePage> = {
  'center/index': { paths: ['/center'], load: () => import('./AccountCenterPage') },
};

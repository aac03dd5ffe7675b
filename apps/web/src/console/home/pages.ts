import { HOME_PATH } from '@dandelion/shared';
import type { ConsolePage } from '../pageTypes';

/** The console's home page by menu component key (spec §2: the menu always has home/index at /home). */
export const HOME_PAGES: Record<string, ConsolePage> = {
  'home/index': { paths: [HOME_PATH], load: () => import('./HomePage') },
};

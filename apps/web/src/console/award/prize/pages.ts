import { formPaths, type ConsolePage } from '../../pageTypes';

/** The prize pages by menu component key. */
export const PRIZE_PAGES: Record<string, ConsolePage> = {
  'award/prize/prizeList': { paths: ['/award/prize/prizeList'], load: () => import('./PrizeListPage') },
  'award/prize/prizeForm': { paths: formPaths('/award/prize', 'prize'), load: () => import('./PrizeFormPage') },
};

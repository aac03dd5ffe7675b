import type { ConsolePage } from '../../pageTypes';

/** The dict pages, by menu component key (see console/pages.ts). */
export const DICT_PAGES: Record<string, ConsolePage> = {
  'base/dict/dictList': { paths: ['/base/dict/dictList'], load: () => import('./DictListPage') },
};

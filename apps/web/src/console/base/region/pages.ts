import type { ConsolePage } from '../../pageTypes';

/** The region pages, by menu component key (see console/pages.ts). */
export const REGION_PAGES: Record<string, ConsolePage> = {
  'base/region/regionList': { paths: ['/base/region/regionList'], load: () => import('./RegionListPage') },
};

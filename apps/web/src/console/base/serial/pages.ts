import type { ConsolePage } from '../../pageTypes';

/** The serial pages, by menu component key (see console/pages.ts). */
export const SERIAL_PAGES: Record<string, ConsolePage> = {
  'base/serial/serialList': { paths: ['/base/serial/serialList'], load: () => import('./SerialListPage') },
};

import type { ConsolePage } from '../../pageTypes';

/** The log pages, by menu component key (see console/pages.ts). */
export const LOG_PAGES: Record<string, ConsolePage> = {};

import type { ConsolePage } from '../../pageTypes';

/** The scheduler pages, by menu component key (see console/pages.ts). */
export const SCHEDULER_PAGES: Record<string, ConsolePage> = {};

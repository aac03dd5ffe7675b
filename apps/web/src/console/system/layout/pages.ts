import { formPaths, type ConsolePage } from '../../pageTypes';

/** The layout pages by menu component key (spec §2). */
export const LAYOUT_PAGES: Record<string, ConsolePage> = {
  'system/layout/layoutList': { paths: ['/system/layout/layoutList'], load: () => import('./LayoutListPage') },
  'system/layout/layoutForm': { paths: formPaths('/system/layout', 'layout'), load: () => import('./LayoutFormPage') },
};

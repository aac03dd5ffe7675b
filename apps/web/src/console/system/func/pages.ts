import { formPaths, type ConsolePage } from '../../pageTypes';

/** The function (menu) pages by menu component key (spec §2). */
export const FUNC_PAGES: Record<string, ConsolePage> = {
  'system/func/funcList': { paths: ['/system/func/funcList'], load: () => import('./FuncListPage') },
  'system/func/funcForm': { paths: formPaths('/system/func', 'func'), load: () => import('./FuncFormPage') },
};

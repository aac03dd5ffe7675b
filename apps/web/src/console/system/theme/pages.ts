import { formPaths, type ConsolePage } from '../../pageTypes';

/** The theme pages by menu component key (spec §2). */
export const THEME_PAGES: Record<string, ConsolePage> = {
  'system/theme/themeList': { paths: ['/system/theme/themeList'], load: () => import('./ThemeListPage') },
  'system/theme/themeForm': { paths: formPaths('/system/theme', 'theme'), load: () => import('./ThemeFormPage') },
};

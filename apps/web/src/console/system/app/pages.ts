import { formPaths, type ConsolePage } from '../../pageTypes';

/** The application pages by menu component key (spec §2). */
export const APP_PAGES: Record<string, ConsolePage> = {
  'system/app/appList': { paths: ['/system/app/appList'], load: () => import('./AppListPage') },
  'system/app/appForm': { paths: formPaths('/system/app', 'app'), load: () => import('./AppFormPage') },
};

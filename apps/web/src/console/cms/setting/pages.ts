import type { ConsolePage } from '../../pageTypes';

/** The 站点设置 page (sites, catalogues, banners, templates) by menu component key (spec §2). */
export const SETTING_PAGES: Record<string, ConsolePage> = {
  'cms/setting/settingMain': { paths: ['/cms/setting/settingMain'], load: () => import('./SettingMainPage') },
};

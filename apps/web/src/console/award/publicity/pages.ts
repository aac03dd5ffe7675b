import type { ConsolePage } from '../../pageTypes';

/** 公示管理 by menu component key: the list (with its dialogs and the detail drawer) and the field settings. */
export const PUBLICITY_PAGES: Record<string, ConsolePage> = {
  'award/publicity/publicityList': { paths: ['/award/publicity/publicityList'], load: () => import('./PublicityListPage') },
  'award/publicity/publicityFields': { paths: ['/award/publicity/publicityFields'], load: () => import('./PublicityFieldsPage') },
};

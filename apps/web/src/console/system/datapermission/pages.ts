import { formPaths, type ConsolePage } from '../../pageTypes';

/** The data-permission rule pages by menu component key (spec §2). */
export const DATA_PERMISSION_PAGES: Record<string, ConsolePage> = {
  'system/datapermission/datapermissionList': {
    paths: ['/system/datapermission/datapermissionList'],
    load: () => import('./DatapermissionListPage'),
  },
  'system/datapermission/datapermissionForm': {
    paths: formPaths('/system/datapermission', 'datapermission'),
    load: () => import('./DatapermissionFormPage'),
  },
};

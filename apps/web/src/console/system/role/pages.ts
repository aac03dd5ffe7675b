import { formPaths, type ConsolePage } from '../../pageTypes';

/** The role pages by menu component key (spec §2). */
export const ROLE_PAGES: Record<string, ConsolePage> = {
  'system/role/roleList': { paths: ['/system/role/roleList'], load: () => import('./RoleListPage') },
  'system/role/roleForm': { paths: formPaths('/system/role', 'role'), load: () => import('./RoleFormPage') },
};

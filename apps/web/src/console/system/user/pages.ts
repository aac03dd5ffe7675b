import { formPaths, type ConsolePage } from '../../pageTypes';

/** The user pages by menu component key (spec §2). */
export const USER_PAGES: Record<string, ConsolePage> = {
  'system/user/userList': { paths: ['/system/user/userList'], load: () => import('./UserListPage') },
  'system/user/userForm': { paths: formPaths('/system/user', 'user'), load: () => import('./UserFormPage') },
  'system/user/userPerm': { paths: ['/system/user/userPerm'], load: () => import('./UserPermPage') },
};

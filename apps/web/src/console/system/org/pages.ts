import { formPaths, type ConsolePage } from '../../pageTypes';

/** The organisation pages by menu component key (spec §2). */
export const ORG_PAGES: Record<string, ConsolePage> = {
  'system/org/orgList': { paths: ['/system/org/orgList'], load: () => import('./OrgListPage') },
  'system/org/orgForm': { paths: formPaths('/system/org', 'org'), load: () => import('./OrgFormPage') },
};

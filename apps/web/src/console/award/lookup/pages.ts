import type { ConsolePage } from '../../pageTypes';

/** The three lookup lists by menu component key: one page, parametrised by the list it shows. */
export const LOOKUP_PAGES: Record<string, ConsolePage> = {
  'award/fund/fundList': { paths: ['/award/fund/fundList'], load: () => import('./LookupListPage').then((m) => ({ default: m.FundListPage })) },
  'award/project/projectList': { paths: ['/award/project/projectList'], load: () => import('./LookupListPage').then((m) => ({ default: m.ProjectListPage })) },
  'award/origin/originList': { paths: ['/award/origin/originList'], load: () => import('./LookupListPage').then((m) => ({ default: m.OriginListPage })) },
};

import type { ConsolePage } from '../../pageTypes';

/**
 * The log pages, by menu component key (see console/pages.ts): the interface-call log (/base/rest)
 * and the operation, sign-in and access logs (/base/log), as seeded in db/seed/functions.ts.
 */
export const LOG_PAGES: Record<string, ConsolePage> = {
  'base/rest/restList': { paths: ['/base/rest/restList'], load: () => import('./RestLogListPage') },
  'base/rest/restDetail': { paths: ['/base/rest/restDetail'], load: () => import('./RestLogDetailPage') },
  'base/log/logList': { paths: ['/base/log/logList'], load: () => import('./OperLogListPage') },
  'base/log/logDetail': { paths: ['/base/log/logDetail'], load: () => import('./OperLogDetailPage') },
  'base/log/loginLogList': { paths: ['/base/log/loginLogList'], load: () => import('./LoginLogPage') },
};

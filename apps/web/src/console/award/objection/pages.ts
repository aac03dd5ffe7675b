import type { ConsolePage } from '../../pageTypes';

/** 异议处理 by menu component key: the list with its detail drawer and the handling dialogs. */
export const OBJECTION_PAGES: Record<string, ConsolePage> = {
  'award/objection/objectionList': { paths: ['/award/objection/objectionList'], load: () => import('./ObjectionListPage') },
};

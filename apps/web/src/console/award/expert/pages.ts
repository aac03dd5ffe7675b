import { formPaths, type ConsolePage } from '../../pageTypes';

/** 专家库 by menu component key: the list (with its dialogs) and the shared add / upd / detail form. */
export const EXPERT_PAGES: Record<string, ConsolePage> = {
  'award/expert/expertList': { paths: ['/award/expert/expertList'], load: () => import('./ExpertListPage') },
  'award/expert/expertForm': { paths: formPaths('/award/expert', 'expert'), load: () => import('./ExpertFormPage') },
};

import type { ConsolePage } from '../../pageTypes';

/** 我的评审任务 by menu component key. */
export const EXPERT_TASK_PAGES: Record<string, ConsolePage> = {
  'award/expertTask/expertTaskList': { paths: ['/award/expertTask/expertTaskList'], load: () => import('./ExpertTaskListPage') },
};

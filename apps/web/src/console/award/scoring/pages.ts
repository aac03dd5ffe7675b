import type { ConsolePage } from '../../pageTypes';

/** 专家评分 (hidden, from the expert's task list) and 评审结果 by menu component key. */
export const SCORING_PAGES: Record<string, ConsolePage> = {
  'award/scoring/score': { paths: ['/award/scoring/score'], load: () => import('./ScorePage') },
  'award/scoring/reviewResult': { paths: ['/award/reviewResult/reviewResultList'], load: () => import('./ReviewResultPage') },
};

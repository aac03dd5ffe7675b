import type { ConsolePage } from '../../pageTypes';

/** 授奖管理 by menu component key. */
export const AWARDING_PAGES: Record<string, ConsolePage> = {
  'award/awarding/awardingList': { paths: ['/award/awarding/awardingList'], load: () => import('./AwardingPage') },
};

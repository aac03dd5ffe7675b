import type { ConsolePage } from '../../pageTypes';

/** The three review queues by menu component key: one feature, one page per level. */
export const REVIEW_PAGES: Record<string, ConsolePage> = {
  'award/unitReview/unitReviewList': { paths: ['/award/unitReview/unitReviewList'], load: () => import('./UnitReviewListPage') },
  'award/nomination/nominationList': { paths: ['/award/nomination/nominationList'], load: () => import('./NominationListPage') },
  'award/formalReview/formalReviewList': { paths: ['/award/formalReview/formalReviewList'], load: () => import('./FormalReviewListPage') },
};

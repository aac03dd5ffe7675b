import type { ConsolePage } from '../../pageTypes';

/** 评审委员会 (the office) and 委员投票 (members) by menu component key. */
export const COMMITTEE_PAGES: Record<string, ConsolePage> = {
  'award/committee/sittingList': { paths: ['/award/committee/sittingList'], load: () => import('./SittingListPage') },
  'award/committee/sittingDetail': { paths: ['/award/committee/sittingDetail'], load: () => import('./SittingDetailPage') },
  'award/committee/mySittings': { paths: ['/award/committeeVote/mySittings'], load: () => import('./MySittingsPage') },
  'award/committee/vote': { paths: ['/award/committeeVote/vote'], load: () => import('./VotePage') },
};

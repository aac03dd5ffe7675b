import { formPaths, type ConsolePage } from '../../pageTypes';

/** The review group pages by menu component key. */
export const REVIEW_GROUP_PAGES: Record<string, ConsolePage> = {
  'award/reviewGroup/reviewGroupList': { paths: ['/award/reviewGroup/reviewGroupList'], load: () => import('./ReviewGroupListPage') },
  'award/reviewGroup/reviewGroupForm': { paths: formPaths('/award/reviewGroup', 'reviewGroup'), load: () => import('./ReviewGroupFormPage') },
  'award/reviewGroup/reviewGroupMembers': { paths: ['/award/reviewGroup/reviewGroupMembers'], load: () => import('./ReviewGroupMembersPage') },
  'award/reviewGroup/expertPushProposal': { paths: ['/award/reviewGroup/expertPushProposal'], load: () => import('./ExpertPushProposalPage') },
};

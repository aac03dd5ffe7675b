import type { ConsolePage } from '../../pageTypes';

/** The user's own notices and messages by menu component key (spec §2); the header's bell leads here. */
export const MY_MESSAGE_PAGES: Record<string, ConsolePage> = {
  'message/my/myMsgList': { paths: ['/message/my/myMsgList'], load: () => import('./MyMessagePage') },
};

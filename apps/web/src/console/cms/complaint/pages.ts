import type { ConsolePage } from '../../pageTypes';

/** The complaint pages by menu component key (spec §2). */
export const COMPLAINT_PAGES: Record<string, ConsolePage> = {
  'cms/complaint/complaintList': { paths: ['/cms/complaint/complaintList'], load: () => import('./ComplaintListPage') },
  'cms/complaint/complaintDetail': { paths: ['/cms/complaint/complaintDetail'], load: () => import('./ComplaintDetailPage') },
};

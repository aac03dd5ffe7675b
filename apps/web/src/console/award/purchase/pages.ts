import type { ConsolePage } from '../../pageTypes';

/** 合作意向 (the office's and the completing units' list) by menu component key. */
export const PURCHASE_PAGES: Record<string, ConsolePage> = {
  'award/purchase/purchaseList': { paths: ['/award/purchase/purchaseList'], load: () => import('./PurchaseListPage') },
};

import type { ConsolePage } from '../../pageTypes';

/** 收款账户 (the office's list) and 我的收款账户 (the signed-in user's own) by menu component key. */
export const BANK_PAGES: Record<string, ConsolePage> = {
  'award/bank/bankList': { paths: ['/award/bank/bankList'], load: () => import('./BankListPage') },
  'award/bank/myBank': { paths: ['/award/myBank'], load: () => import('./MyBankPage') },
};

import type { ConsolePage } from '../../pageTypes';

/** The SMS log page by menu component key (spec §2). */
export const SMS_PAGES: Record<string, ConsolePage> = {
  'message/sms/smsList': { paths: ['/message/sms/smsList'], load: () => import('./SmsListPage') },
};

import { EDITION_PAGES } from './award/edition/pages';
import { PRIZE_PAGES } from './award/prize/pages';
import { PUBLICITY_PAGES } from './award/publicity/pages';
import { OBJECTION_PAGES } from './award/objection/pages';
import { BANK_PAGES } from './award/bank/pages';
import { PURCHASE_PAGES } from './award/purchase/pages';
import { DECLARATION_PAGES } from './award/declaration/pages';
import { EXPERT_PAGES } from './award/expert/pages';
import { LOOKUP_PAGES } from './award/lookup/pages';
import { REVIEW_PAGES } from './award/review/pages';
import { SCORING_PAGES } from './award/scoring/pages';
import { AWARDING_PAGES } from './award/awarding/pages';
import { COMMITTEE_PAGES } from './award/committee/pages';
import { REVIEW_GROUP_PAGES } from './award/reviewGroup/pages';
import { EXPERT_TASK_PAGES } from './award/expertTask/pages';
import { CALENDAR_PAGES } from './base/calendar/pages';
import { DICT_PAGES } from './base/dict/pages';
import { LOG_PAGES } from './base/log/pages';
import { MONITOR_PAGES } from './base/monitor/pages';
import { PROGRESS_PAGES } from './base/progress/pages';
import { REGION_PAGES } from './base/region/pages';
import { SCHEDULER_PAGES } from './base/scheduler/pages';
import { SERIAL_PAGES } from './base/serial/pages';
import { HOME_PAGES } from './home/pages';
import { MY_MESSAGE_PAGES } from './message/my/pages';
import { NOTICE_PAGES } from './message/notice/pages';
import { SMS_PAGES } from './message/sms/pages';
import { TEMPLATE_PAGES } from './message/template/pages';
import { CENTER_PAGES } from './center/pages';
import { COMPLAINT_PAGES } from './cms/complaint/pages';
import { CONTENT_PAGES } from './cms/content/pages';
import { RESOURCE_PAGES } from './cms/resource/pages';
import { SETTING_PAGES } from './cms/setting/pages';
import type { ConsolePage } from './pageTypes';
import { APP_PAGES } from './system/app/pages';
import { DATA_PERMISSION_PAGES } from './system/datapermission/pages';
import { FUNC_PAGES } from './system/func/pages';
import { LAYOUT_PAGES } from './system/layout/pages';
import { ORG_PAGES } from './system/org/pages';
import { POST_PAGES } from './system/post/pages';
import { ROLE_PAGES } from './system/role/pages';
import { THEME_PAGES } from './system/theme/pages';
import { USER_PAGES } from './system/user/pages';

/**
 * The console pages this build contains, by menu component key (spec §2: the menu node's url).
 * Menu entries whose page is not here are left out of the routes and the menu; a known page the
 * user lacks the permission for answers 403.
 */
export const CONSOLE_PAGES: Record<string, ConsolePage> = {
  ...PRIZE_PAGES,
  ...EDITION_PAGES,
  ...LOOKUP_PAGES,
  ...DECLARATION_PAGES,
  ...EXPERT_PAGES,
  ...BANK_PAGES,
  ...PURCHASE_PAGES,
  ...REVIEW_PAGES,
  ...SCORING_PAGES,
  ...AWARDING_PAGES,
  ...COMMITTEE_PAGES,
  ...REVIEW_GROUP_PAGES,
  ...EXPERT_TASK_PAGES,
  ...PUBLICITY_PAGES,
  ...OBJECTION_PAGES,
  ...DICT_PAGES,
  ...REGION_PAGES,
  ...SCHEDULER_PAGES,
  ...PROGRESS_PAGES,
  ...CALENDAR_PAGES,
  ...SERIAL_PAGES,
  ...LOG_PAGES,
  ...MONITOR_PAGES,
  ...HOME_PAGES,
  ...CENTER_PAGES,
  ...COMPLAINT_PAGES,
  ...SMS_PAGES,
  ...NOTICE_PAGES,
  ...MY_MESSAGE_PAGES,
  ...TEMPLATE_PAGES,
  ...CONTENT_PAGES,
  ...RESOURCE_PAGES,
  ...SETTING_PAGES,
  ...ORG_PAGES,
  ...USER_PAGES,
  ...ROLE_PAGES,
  ...POST_PAGES,
  ...APP_PAGES,
  ...FUNC_PAGES,
  ...THEME_PAGES,
  ...LAYOUT_PAGES,
  ...DATA_PERMISSION_PAGES,
};

/** The page this build shows at `pathname` (one of its seeded paths), if any. */
export function consolePageAt(pathname: string): ConsolePage | undefined {
  const path = pathname.replace(/\/+$/, '');
  return Object.values(CONSOLE_PAGES).find((page) => page.paths.includes(path));
}

export function isConsolePage(component: string): boolean {
  return Object.hasOwn(CONSOLE_PAGES, component);
}

/** Path prefixes of the console (spec §2 admin groups plus home and the blank page). */
const CONSOLE_PREFIXES = ['/home', '/blank', '/award', '/base', '/cms', '/system', '/message'];

export function isConsolePath(pathname: string): boolean {
  return CONSOLE_PREFIXES.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** A page this build has (or its menu entry), at its seeded path: opening it without permission shows 403, not 404. */
export function isKnownConsolePagePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  if (!isConsolePath(path)) return false;
  return Object.values(CONSOLE_PAGES).some((page) => page.paths.some((p) => p === path || p.slice(0, p.lastIndexOf('/')) === path));
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../core/db';
import type { AwardPortalCache } from './portalCache';
import { createPublicPages, type PublicPagesDeps } from './publicPages';
import { createPurchaseService, type TellUsers, type UnitContacts } from './purchases';
import { registerAchievementRoutes, type ConsumeCaptcha } from './routes';

export { createAwardPortalCache, noAwardPortalCache, type AwardPortalCache } from './portalCache';
export { PURCHASE_LIST_LINK, type TellUsers, type UnitContacts } from './purchases';
export type { ConsumeCaptcha } from './routes';

export interface AchievementDeps extends PublicPagesDeps {
  db: Db;
  portal: AwardPortalCache;
  /** The portal form's image captcha (the one the complaint form uses). */
  consumeCaptcha: ConsumeCaptcha;
  /** Who is told of an intention for a completing unit's achievement. */
  unitContacts: UnitContacts;
  tell: TellUsers;
}

/**
 * The portal's prize pages (申报指南 /apply, 成果展示 /show) and purchase intentions (合作意向).
 * Answers `invalidatePortal`, which the area calls when an edition changes or a declaration is
 * awarded, so the cached pages follow at once.
 */
export function registerAchievementModule(app: FastifyInstance, deps: AchievementDeps) {
  const pages = createPublicPages(deps);
  const purchases = createPurchaseService({ db: deps.db, pages, unitContacts: deps.unitContacts, tell: deps.tell });
  registerAchievementRoutes(app, { pages, purchases, consumeCaptcha: deps.consumeCaptcha });
  return { invalidatePortal: () => deps.portal.invalidateAll() };
}

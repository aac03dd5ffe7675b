import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../core/db';
import type { Principal } from '../../core/permissions';
import type { CaptchaService } from '../auth/captchaService';
import type { FileService } from '../file/service';
import { createMessageService } from '../message/msg/service';
import { registerComplaintRoutes } from './complaint/routes';
import { createComplaintService } from './complaint/service';
import { createPortalRepo } from './portal/repo';
import { registerPortalContentRoutes } from './portal/contentRoutes';
import { registerPortalSiteRoutes } from './portal/routes';
import { createPortalService } from './portal/service';
import type { PortalCache } from './portalCache';

export interface CmsPortalModuleDeps {
  db: Db;
  files: FileService;
  portalCache: PortalCache;
  captchas: CaptchaService;
  /** Who is signed in on a public call (a complaint records its sender); anonymous when absent. */
  identify?: (request: FastifyRequest) => Promise<Principal | null>;
}

/** The anonymous portal API (spec §7 Content) and complaints (portal form + back office). */
export function registerCmsPortalModule(app: FastifyInstance, deps: CmsPortalModuleDeps) {
  const portal = createPortalService({ db: deps.db, portalCache: deps.portalCache });
  registerPortalSiteRoutes(app, { portal });
  registerPortalContentRoutes(app, { portal });
  const repo = createPortalRepo(deps.db);
  const complaints = createComplaintService({
    db: deps.db,
    messages: createMessageService({ db: deps.db }),
    siteIdOf: async (siteCode) => (await repo.siteByCode(siteCode))?.siteId ?? null,
  });
  registerComplaintRoutes(app, { complaints, captchas: deps.captchas, identify: deps.identify });
  return { portal, complaints };
}

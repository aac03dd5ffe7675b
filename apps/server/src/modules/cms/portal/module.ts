import type { FastifyInstance } from 'fastify';
import { registerPortalRoutes } from './routes';
import { createPortalService, type PortalServiceDeps } from './service';

export type { ArticleDownloads } from './service';

/** The anonymous portal (spec §7 Content): cached reads of what the CMS features publish. */
export function registerPortalModule(app: FastifyInstance, deps: PortalServiceDeps): void {
  registerPortalRoutes(app, createPortalService(deps));
}

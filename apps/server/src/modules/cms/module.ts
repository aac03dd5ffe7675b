import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../core/bus';
import type { Db } from '../../core/db';
import { bannersOfSite, registerBannerModule } from './banner/module';
import { catalogsOfSite, catalogsUsingTemplate, registerCatalogModule } from './catalog/module';
import { registerComplaintModule, type ConsumeCaptcha, type Identify, type SendMessage } from './complaint/module';
import { articlesIn, registerContentModule } from './content/module';
import type { CmsFiles, FileUrls } from './files/module';
import { registerPortalModule } from './portal/module';
import { createPortalCache } from './portalCache/module';
import { registerResourceModule } from './resource/module';
import { createSiteLookup, registerSiteModule } from './site/module';
import { registerTemplateModule } from './template/module';

export { createSiteLookup, type SiteLookup } from './site/module';
export type { CmsFiles, FileUrls } from './files/module';
export type { ConsumeCaptcha, Identify, SendMessage } from './complaint/module';

export interface CmsModuleDeps {
  db: Db;
  /** Carries the portal cache's invalidation to every instance. */
  bus: EventBus;
  /** The file service (logos, banner images, article media and attachments, library files). */
  files: CmsFiles;
  /** Download addresses by file id, for the anonymous portal. */
  fileUrls: FileUrls;
  /** The image captcha of the portal's complaint form (the identity module). */
  consumeCaptcha: ConsumeCaptcha;
  /** In-site messages to the sender of a complaint when it is answered (the message module). */
  sendMessage: SendMessage;
  /** Who is signed in on a public call (a complaint records its sender). */
  identify?: Identify;
}

/**
 * The CMS: the back office's sites, catalogues, banners and templates (站点设置), articles and the
 * resource library, complaints, and the anonymous portal that reads what they publish. Every change the
 * portal could show empties the portal cache on every instance.
 */
export function registerCmsModule(app: FastifyInstance, deps: CmsModuleDeps) {
  const { db, files } = deps;
  // Anonymous portal reads are cached; back-office changes empty the cache on every instance.
  const portalCache = createPortalCache(deps.bus);
  const common = { db, files, portalCache };
  registerSiteModule(app, { ...common, catalogsOf: catalogsOfSite, bannersOf: bannersOfSite });
  registerCatalogModule(app, { db, portalCache, articlesIn });
  registerBannerModule(app, common);
  registerTemplateModule(app, { ...common, countUsers: catalogsUsingTemplate });
  const contents = registerContentModule(app, common);
  registerResourceModule(app, { ...common, drafts: contents.drafts });
  registerPortalModule(app, { db, portalCache, fileUrls: deps.fileUrls, downloads: contents.downloads });
  const sites = createSiteLookup(db);
  registerComplaintModule(app, {
    db,
    consumeCaptcha: deps.consumeCaptcha,
    sendMessage: deps.sendMessage,
    identify: deps.identify,
    siteIdOf: async (siteCode) => (await sites.findOnlineSite(siteCode))?.id ?? null,
  });
  return {
    /** Register with the scheduler: publishes scheduled articles whose time has come. */
    publishDueJob: contents.publishDueJob,
    /** Run once at start (after migrations): fills search_text of articles that have none. */
    backfillSearchText: contents.backfillSearchText,
  };
}
export type CmsModule = ReturnType<typeof registerCmsModule>;

import { SITE_STATUS_ONLINE, type PageParameter, type ServerBody } from '@dandelion/shared';
import type { SiteStatus, siteCalls } from '@dandelion/shared/cms/site';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import { recordPictures, type CmsFiles } from '../files/module';
import { portalChanges, type PortalCache } from '../portalCache/module';
import { siteRepo, type SiteFilter, type SiteRow } from './repo';

export const SITE_MODULE = 'cms:site';
/** bizType of a site's logo in the file service. */
export const SITE_LOGO_BIZ = 'CMS_SITE';

export type SiteInput = ServerBody<typeof siteCalls.add>;

/** How many live records of another feature still belong to a site (catalogues, banners): they would be orphaned. */
export type SiteHoldings = (ex: Executor, siteId: number) => Promise<number>;

export interface SiteServiceDeps {
  db: Db;
  files: CmsFiles;
  portalCache: PortalCache;
  catalogsOf: SiteHoldings;
  bannersOf: SiteHoldings;
}

const present = (row: SiteRow, logoUrl: string | null = null) => {
  const { id, ...rest } = row;
  return { siteId: id, ...rest, logoUrl };
};

/** Throws 404 unless the site exists (catalogues and banners belong to a live site). */
export async function requireLiveSite(ex: Executor, id: number): Promise<SiteRow> {
  const row = await siteRepo.findLive(ex, id);
  if (!row) throw errors.notFound('站点');
  return row;
}

/** 站点管理 (spec §3 CMS site): the back office's sites; the default site is the one the portal shows when a call names none. */
export function createSiteService({ db, files, portalCache, catalogsOf, bannersOf }: SiteServiceDeps) {
  const logos = recordPictures(files, SITE_LOGO_BIZ);
  const change = portalChanges(db, portalCache);

  /** A new logo is claimed by its uploader; the current one is public exactly while the site is online. */
  async function keepLogo(tx: Executor, row: SiteRow, previousLogo: string | null, ctx: ChangeContext) {
    if (row.logoFileId && row.logoFileId !== previousLogo) await logos.claim(tx, row.id, row.logoFileId, ctx.actor);
    await logos.show(tx, row.id, row.logoFileId, row.siteStatus === SITE_STATUS_ONLINE);
  }

  async function withLogoUrl(row: SiteRow, reader: Principal) {
    const urls = await logos.urls([row.logoFileId], reader);
    return present(row, row.logoFileId ? (urls.get(row.logoFileId) ?? null) : null);
  }

  const log = (tx: Executor, ctx: ChangeContext, action: string, id: number, summary: string, before: object | undefined, after: SiteRow) =>
    recordOperation(tx, { module: SITE_MODULE, action, entityId: id, summary, before, after: present(after), ...ctx });

  const refuseOfflineDefault = (site: SiteRow, status: string) => {
    if (site.isDefault && status !== SITE_STATUS_ONLINE) throw errors.conflict('默认站点不能下线，请先将其他站点设为默认站点');
  };

  return {
    async page(filter: SiteFilter, page: PageParameter, reader: Principal) {
      const result = await siteRepo.page(db, filter, page);
      const urls = await logos.urls(result.list.map((r) => r.logoFileId), reader);
      return { ...result, list: result.list.map((r) => present(r, r.logoFileId ? (urls.get(r.logoFileId) ?? null) : null)) };
    },

    /** Every live site, for the site selector of the catalogue and banner tabs. */
    async listAll() {
      return (await siteRepo.listAll(db)).map((r) => present(r));
    },

    async detail(id: number, reader: Principal) {
      return withLogoUrl(await requireLiveSite(db, id), reader);
    },

    async add(input: SiteInput, ctx: ChangeContext, reader: Principal) {
      await logos.check(input.logoFileId, reader, '站点标志');
      const row = await change(async (tx) => {
        const created = await siteRepo.insert(tx, input, ctx.actor);
        await keepLogo(tx, created, null, ctx);
        await log(tx, ctx, 'CREATE', created.id, `新增站点「${created.siteName}」`, undefined, created);
        return created;
      });
      return withLogoUrl(row, reader);
    },

    async update(id: number, lockVersion: number, input: SiteInput, ctx: ChangeContext, reader: Principal) {
      await logos.check(input.logoFileId, reader, '站点标志');
      const row = await change(async (tx) => {
        const before = await requireLiveSite(tx, id);
        refuseOfflineDefault(before, input.siteStatus);
        const after = await siteRepo.update(tx, id, lockVersion, input, ctx.actor);
        await keepLogo(tx, after, before.logoFileId, ctx);
        await log(tx, ctx, 'UPDATE', id, `修改站点「${after.siteName}」`, present(before), after);
        return after;
      });
      return withLogoUrl(row, reader);
    },

    /** 上线 (code 2) / 下线 (code 1). Taking the site offline also takes its logo private. */
    async updateStatus(id: number, lockVersion: number, siteStatus: SiteStatus, ctx: ChangeContext, reader: Principal) {
      const row = await change(async (tx) => {
        const before = await requireLiveSite(tx, id);
        refuseOfflineDefault(before, siteStatus);
        const after = await siteRepo.update(tx, id, lockVersion, { siteStatus }, ctx.actor);
        await keepLogo(tx, after, after.logoFileId, ctx);
        const verb = siteStatus === SITE_STATUS_ONLINE ? '上线' : '下线';
        await log(tx, ctx, 'UPDATE', id, `${verb}站点「${after.siteName}」`, present(before), after);
        return after;
      });
      return withLogoUrl(row, reader);
    },

    /** The portal shows the default site when a call names none, so only an online site can be it. */
    async setDefault(id: number, ctx: ChangeContext, reader: Principal) {
      const row = await change(async (tx) => {
        const before = await requireLiveSite(tx, id);
        if (before.siteStatus !== SITE_STATUS_ONLINE) throw errors.conflict(`站点「${before.siteName}」未上线，请先上线再设为默认站点`);
        if (before.isDefault) return before;
        const { row: after, previous } = await siteRepo.setDefault(tx, id, ctx.actor);
        const previousDefault = previous.map((p) => String(p.id));
        await log(tx, ctx, 'UPDATE', id, `设为默认站点「${after.siteName}」`, { ...present(before), previousDefault }, after);
        return after;
      });
      return withLogoUrl(row, reader);
    },

    /** Refused while the site is the default or still has catalogues or banners: they would be orphaned. */
    async remove(id: number, lockVersion: number | undefined, ctx: ChangeContext) {
      await change(async (tx) => {
        const before = await requireLiveSite(tx, id);
        if (before.isDefault) throw errors.conflict(`站点「${before.siteName}」是默认站点，不能删除，请先将其他站点设为默认站点`);
        const catalogs = await catalogsOf(tx, id);
        if (catalogs) throw errors.conflict(`站点「${before.siteName}」下还有 ${catalogs} 个栏目，请先删除栏目再删除站点`);
        const banners = await bannersOf(tx, id);
        if (banners) throw errors.conflict(`站点「${before.siteName}」下还有 ${banners} 张轮播图，请先删除轮播图再删除站点`);
        const after = await siteRepo.softDelete(tx, id, lockVersion, ctx.actor);
        await logos.hide(tx, id);
        await log(tx, ctx, 'DELETE', id, `删除站点「${before.siteName}」`, present(before), after);
      });
    },
  };
}
export type SiteAdminService = ReturnType<typeof createSiteService>;

/** The online site by code (or the default site): what /init shows as the system's name and complaints are filed under. */
export function createSiteLookup(ex: Executor) {
  return { findOnlineSite: (siteCode?: string) => siteRepo.findOnline(ex, siteCode) };
}
export type SiteLookup = ReturnType<typeof createSiteLookup>;

import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { templateCalls } from '@dandelion/shared/cms/template';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import type { Principal } from '../../../core/permissions';
import { recordPictures, type CmsFiles } from '../files/module';
import { portalChanges, type PortalCache } from '../portalCache/module';
import { templateRepo, type TemplateFilter, type TemplateRow } from './repo';

export const TEMPLATE_MODULE = 'cms:template';
/** bizType of a template's preview picture (back office only: it stays private). */
export const TEMPLATE_THUMBNAIL_BIZ = 'CMS_TEMPLATE';

export type TemplateInput = ServerBody<typeof templateCalls.add>;

export interface TemplateServiceDeps {
  db: Db;
  files: CmsFiles;
  portalCache: PortalCache;
  /** How many live catalogues render through the template (the catalogue feature answers). */
  countUsers: (ex: Executor, templateId: number) => Promise<number>;
}

const present = (row: TemplateRow, thumbnailUrl: string | null = null) => {
  const { id, ...rest } = row;
  return { templateId: id, ...rest, thumbnailUrl };
};

/** 模板管理 (spec §3 Template): which portal component renders a site's home page or a catalogue's list/detail. */
export function createTemplateService({ db, files, portalCache, countUsers }: TemplateServiceDeps) {
  const thumbnails = recordPictures(files, TEMPLATE_THUMBNAIL_BIZ);
  const change = portalChanges(db, portalCache);

  async function findLive(ex: Executor, id: number): Promise<TemplateRow> {
    const row = await templateRepo.findLive(ex, id);
    if (!row) throw errors.notFound('模板');
    return row;
  }

  const withThumbnails = async (rows: TemplateRow[], reader: Principal) => {
    const urls = await thumbnails.urls(rows.map((r) => r.thumbnail), reader);
    return rows.map((r) => present(r, r.thumbnail ? (urls.get(r.thumbnail) ?? null) : null));
  };
  const withThumbnail = async (row: TemplateRow, reader: Principal) => (await withThumbnails([row], reader))[0]!;

  const log = (tx: Executor, ctx: ChangeContext, action: string, id: number, summary: string, before: TemplateRow | null, after: TemplateRow) =>
    recordOperation(tx, { module: TEMPLATE_MODULE, action, entityId: id, summary, before: before ? present(before) : undefined, after: present(after), ...ctx });

  return {
    async page(filter: TemplateFilter, page: PageParameter, reader: Principal) {
      const result = await templateRepo.page(db, filter, page);
      return { ...result, list: await withThumbnails(result.list, reader) };
    },

    /** Every template (optionally of one type) for the catalogue form's select. */
    async listAll(templateType?: string) {
      return (await templateRepo.listAll(db, templateType)).map((r) => present(r));
    },

    async detail(id: number, reader: Principal) {
      return withThumbnail(await findLive(db, id), reader);
    },

    async add(input: TemplateInput, ctx: ChangeContext, reader: Principal) {
      await thumbnails.check(input.thumbnail, reader, '模板预览图');
      const row = await change(async (tx) => {
        const created = await templateRepo.insert(tx, input, ctx.actor);
        if (created.thumbnail) await thumbnails.claim(tx, created.id, created.thumbnail, ctx.actor);
        await log(tx, ctx, 'CREATE', created.id, `新增模板「${created.templateName}」`, null, created);
        return created;
      });
      return withThumbnail(row, reader);
    },

    async update(id: number, lockVersion: number, input: TemplateInput, ctx: ChangeContext, reader: Principal) {
      await thumbnails.check(input.thumbnail, reader, '模板预览图');
      const row = await change(async (tx) => {
        const before = await findLive(tx, id);
        if (before.templateType !== input.templateType && input.templateType === 'INDEX') {
          const users = await countUsers(tx, id);
          if (users) throw errors.conflict(`模板「${before.templateName}」正被 ${users} 个栏目使用，不能改为首页模板`);
        }
        const after = await templateRepo.update(tx, id, lockVersion, input, ctx.actor);
        if (after.thumbnail && after.thumbnail !== before.thumbnail) await thumbnails.claim(tx, id, after.thumbnail, ctx.actor);
        await log(tx, ctx, 'UPDATE', id, `修改模板「${after.templateName}」`, before, after);
        return after;
      });
      return withThumbnail(row, reader);
    },

    /** Refused while a catalogue renders through it: the portal would fall back without anyone noticing. */
    async remove(id: number, lockVersion: number | undefined, ctx: ChangeContext) {
      await change(async (tx) => {
        const before = await findLive(tx, id);
        const users = await countUsers(tx, id);
        if (users) throw errors.conflict(`模板「${before.templateName}」正被 ${users} 个栏目使用，请先为这些栏目更换模板再删除`);
        const after = await templateRepo.softDelete(tx, id, lockVersion, ctx.actor);
        await log(tx, ctx, 'DELETE', id, `删除模板「${before.templateName}」`, before, after);
      });
    },
  };
}
export type TemplateService = ReturnType<typeof createTemplateService>;

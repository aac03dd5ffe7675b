import { and, asc, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { FileService, StoredFile } from '../../file/service';
import { cmsSite } from '../site/schema';
import { checkResourceFile, RESOURCE_FILE_BIZ, resourceRecord } from './resourceFiles';
import type { ResourceFilter, ResourceInput } from './schemas';
import { cmsResource } from './schema';
import { likePattern } from '../../../core/sql';

export const RESOURCE_MODULE = 'cms:resource';
export type ResourceRow = typeof cmsResource.$inferSelect;

const presentFile = (f: StoredFile | undefined) => (f ? { fileId: f.fileId, fileRepId: f.fileRepId, filename: f.filename, size: f.size, type: f.type, url: f.url } : null);
const logged = (row: ResourceRow) => {
  const { id, delFlag: _d, ...rest } = row;
  return { resourceId: id, ...rest };
};

/** Links keep no file and files keep no link: whatever the form left over is dropped. */
function normalised(input: ResourceInput): ResourceInput {
  if (input.resourceType === 'LINK') {
    if (!input.url) throw errors.badRequest('请输入链接地址');
    return { ...input, fileId: null };
  }
  if (!input.fileId) throw errors.badRequest('请上传资源文件');
  return { ...input, url: null };
}

/** The resource library (/rest/resource/*): images, documents, videos and links kept for reuse. */
export function createResourceService({ db, files }: { db: Db; files: FileService }) {
  async function findLive(ex: Executor, id: number): Promise<ResourceRow> {
    const [row] = await ex.select().from(cmsResource).where(and(eq(cmsResource.id, id), notDeleted(cmsResource))).limit(1);
    if (!row) throw errors.notFound('资源');
    return row;
  }

  /** Resources belong to the default site (the library is shared by the editors of the installation). */
  async function defaultSiteId(ex: Executor): Promise<number> {
    const [site] = await ex.select({ id: cmsSite.id }).from(cmsSite).where(notDeleted(cmsSite)).orderBy(desc(cmsSite.isDefault), asc(cmsSite.id)).limit(1);
    if (!site) throw errors.conflict('还没有站点，请先在站点管理中新增站点');
    return site.id;
  }

  async function present(ex: Executor, row: ResourceRow) {
    const stored = row.fileId ? (await files.recordFiles(ex, resourceRecord(row.id))).find((f) => String(f.fileId) === row.fileId) : undefined;
    return { ...logged(row), file: presentFile(stored) };
  }

  /** Holds exactly the resource's one file, of the kind its type promises. */
  async function syncFile(tx: Executor, row: ResourceRow, c: ChangeContext) {
    const held = (await files.recordFiles(tx, resourceRecord(row.id))).map((f) => f.fileId);
    const wanted = row.fileId ? Number(row.fileId) : null;
    if (wanted && !held.includes(wanted)) await files.attach(tx, { fileIds: [wanted], ...resourceRecord(row.id) }, c.actor);
    await files.detach(tx, resourceRecord(row.id), held.filter((id) => id !== wanted));
    if (wanted) checkResourceFile(row.resourceType, (await files.recordFiles(tx, resourceRecord(row.id))).find((f) => f.fileId === wanted));
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, c: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await softDelete(tx, cmsResource, id, lockVersion, c.actor, '资源');
    await recordOperation(tx, { module: RESOURCE_MODULE, action: 'DELETE', entityId: id, summary: `删除资源「${before.resourceName}」`, before: logged(before), after: logged(after), ...c });
  }

  return {
    findLive,
    present,

    async page(filter: ResourceFilter, page: PageParameter) {
      const where: SQL | undefined = and(
        notDeleted(cmsResource),
        filter.resourceName ? ilike(cmsResource.resourceName, likePattern(filter.resourceName)) : undefined,
        filter.resourceType ? eq(cmsResource.resourceType, filter.resourceType) : undefined,
        filter.tag ? ilike(cmsResource.tags, likePattern(filter.tag)) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(cmsResource).where(where).orderBy(desc(cmsResource.createTime), desc(cmsResource.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(cmsResource).where(where))[0]!.n,
      );
      const list = [];
      for (const row of result.list) list.push(await present(db, row));
      return { ...result, list };
    },

    async detail(id: number) {
      return present(db, await findLive(db, id));
    },

    async add(input: ResourceInput, c: ChangeContext) {
      const values = normalised(input);
      return withTransaction(db, async (tx) => {
        const [row] = await tx
          .insert(cmsResource)
          .values({ ...values, fileId: values.fileId ? String(values.fileId) : null, siteId: await defaultSiteId(tx), ...createdBy(c.actor) })
          .returning();
        await syncFile(tx, row!, c);
        await recordOperation(tx, { module: RESOURCE_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增资源「${row!.resourceName}」`, after: logged(row!), ...c });
        return present(tx, row!);
      });
    },

    async update(id: number, lockVersion: number, input: ResourceInput, c: ChangeContext) {
      const values = normalised(input);
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, cmsResource, id, lockVersion, { ...values, fileId: values.fileId ? String(values.fileId) : null }, c.actor, '资源');
        await syncFile(tx, row, c);
        await recordOperation(tx, { module: RESOURCE_MODULE, action: 'UPDATE', entityId: id, summary: `修改资源「${row.resourceName}」`, before: logged(before), after: logged(row), ...c });
        return present(tx, row);
      });
    },

    async remove(id: number, lockVersion: number | undefined, c: ChangeContext) {
      await withTransaction(db, (tx) => removeOne(tx, id, lockVersion, c));
    },

    async removeMany(ids: number[], c: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        const found = await tx.select({ id: cmsResource.id }).from(cmsResource).where(and(inArray(cmsResource.id, unique), notDeleted(cmsResource)));
        if (found.length !== unique.length) throw errors.notFound('部分资源');
        for (const id of unique) await removeOne(tx, id, undefined, c);
        return unique.length;
      });
    },
  };
}
export type ResourceService = ReturnType<typeof createResourceService>;
export { RESOURCE_FILE_BIZ };

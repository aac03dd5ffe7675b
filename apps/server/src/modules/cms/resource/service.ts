import type { PageParameter, ServerBody } from '@dandelion/shared';
import type { ResourceType, resourceCalls } from '@dandelion/shared/cms/resource';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { presentFile, type CmsFiles } from '../files/module';
import { defaultSiteId } from '../site/module';
import { resourceRepo, type ResourceFilter, type ResourceRow } from './repo';
import { checkResourceFile, resourceRecord } from './resourceFiles';

export const RESOURCE_MODULE = 'cms:resource';

export type ResourceInput = ServerBody<typeof resourceCalls.add>;

const logged = (row: ResourceRow) => {
  const { id, ...rest } = row;
  return { resourceId: id, ...rest, resourceType: rest.resourceType as ResourceType };
};

/** Links keep no file and files keep no link: whatever the form left over is dropped. */
function normalised(input: ResourceInput) {
  if (input.resourceType === 'LINK') {
    if (!input.url) throw errors.badRequest('请输入链接地址');
    return { ...input, fileId: null };
  }
  if (!input.fileId) throw errors.badRequest('请上传资源文件');
  return { ...input, url: null, fileId: String(input.fileId) };
}

/** The resource library (/rest/resource/*): images, documents, videos and links kept for reuse. */
export function createResourceService({ db, files }: { db: Db; files: CmsFiles }) {
  async function findLive(ex: Executor, id: number): Promise<ResourceRow> {
    const row = await resourceRepo.findLive(ex, id);
    if (!row) throw errors.notFound('资源');
    return row;
  }

  /** Resources belong to the default site (the library is shared by the editors of the installation). */
  async function siteId(ex: Executor): Promise<number> {
    const id = await defaultSiteId(ex);
    if (id === null) throw errors.conflict('还没有站点，请先在站点管理中新增站点');
    return id;
  }

  async function present(ex: Executor, row: ResourceRow) {
    const stored = row.fileId ? (await files.recordFiles(ex, resourceRecord(row.id))).find((f) => String(f.fileId) === row.fileId) : undefined;
    return { ...logged(row), file: stored ? presentFile(stored) : null };
  }

  /** Holds exactly the resource's one file, of the kind its type promises. */
  async function syncFile(tx: Executor, row: ResourceRow, c: ChangeContext) {
    const held = (await files.recordFiles(tx, resourceRecord(row.id))).map((f) => f.fileId);
    const wanted = row.fileId ? Number(row.fileId) : null;
    if (wanted && !held.includes(wanted)) await files.attach(tx, { fileIds: [wanted], ...resourceRecord(row.id) }, c.actor);
    await files.detach(tx, resourceRecord(row.id), held.filter((id) => id !== wanted));
    if (wanted) checkResourceFile(row.resourceType, (await files.recordFiles(tx, resourceRecord(row.id))).find((f) => f.fileId === wanted));
  }

  const log = (tx: Executor, c: ChangeContext, action: string, id: number, summary: string, before: ResourceRow | null, after: ResourceRow) =>
    recordOperation(tx, { module: RESOURCE_MODULE, action, entityId: id, summary, before: before ? logged(before) : undefined, after: logged(after), ...c });

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, c: ChangeContext) {
    const before = await findLive(tx, id);
    const after = await resourceRepo.softDelete(tx, id, lockVersion, c.actor);
    await log(tx, c, 'DELETE', id, `删除资源「${before.resourceName}」`, before, after);
  }

  return {
    findLive,

    async page(filter: ResourceFilter, page: PageParameter) {
      const result = await resourceRepo.page(db, filter, page);
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
        const row = await resourceRepo.insert(tx, { ...values, siteId: await siteId(tx) }, c.actor);
        await syncFile(tx, row, c);
        await log(tx, c, 'CREATE', row.id, `新增资源「${row.resourceName}」`, null, row);
        return present(tx, row);
      });
    },

    async update(id: number, lockVersion: number, input: ResourceInput, c: ChangeContext) {
      const values = normalised(input);
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await resourceRepo.update(tx, id, lockVersion, values, c.actor);
        await syncFile(tx, row, c);
        await log(tx, c, 'UPDATE', id, `修改资源「${row.resourceName}」`, before, row);
        return present(tx, row);
      });
    },

    remove: (id: number, lockVersion: number | undefined, c: ChangeContext) => withTransaction(db, (tx) => removeOne(tx, id, lockVersion, c)),

    removeMany: (ids: number[], c: ChangeContext): Promise<number> =>
      withTransaction(db, async (tx) => {
        const unique = [...new Set(ids)];
        if ((await resourceRepo.liveIds(tx, unique)).length !== unique.length) throw errors.notFound('部分资源');
        for (const id of unique) await removeOne(tx, id, undefined, c);
        return unique.length;
      }),
  };
}
export type ResourceService = ReturnType<typeof createResourceService>;

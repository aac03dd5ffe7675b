import type { PageParameter, RecordStatus } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { postRepo, type PostFields, type PostFilter, type PostRow } from './repo';

export const POST_MODULE = 'system:post';

/** The users among `ids` that are not deleted; the user module answers it (a post held only by deleted users may go). */
export type LiveUserIds = (ex: Executor, ids: number[]) => Promise<number[]>;

const present = (row: PostRow) => {
  const { id, ...rest } = row;
  return { postId: id, ...rest };
};

/** Posts (positions) staff hold: unique codes, enable/disable, and no deleting a post someone still holds. */
export function createPostService({ db, liveUserIds }: { db: Db; liveUserIds: LiveUserIds }) {
  async function findLive(ex: Executor, id: number): Promise<PostRow> {
    const row = await postRepo.findLive(ex, id);
    if (!row) throw errors.notFound('岗位');
    return row;
  }

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: PostRow | null, after: PostRow | null) =>
    recordOperation(ex, {
      module: POST_MODULE,
      action,
      entityId,
      summary,
      before: before && present(before),
      after: after && present(after),
      ...change,
    });

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, change: ChangeContext) {
    const before = await findLive(tx, id);
    const holders = (await liveUserIds(tx, await postRepo.holderIds(tx, id))).length;
    if (holders) throw errors.conflict(`岗位「${before.postName}」下还有 ${holders} 个用户，请先解除用户与岗位的绑定再删除`);
    const after = await postRepo.softDelete(tx, id, lockVersion, change.actor);
    await postRepo.unlinkPost(tx, id);
    await log(tx, change, 'DELETE', id, `删除岗位「${before.postName}」`, before, after);
  }

  return {
    async page(filter: PostFilter, page: PageParameter) {
      const result = await postRepo.page(db, filter, page);
      return { ...result, list: result.list.map(present) };
    },

    async detail(id: number) {
      return present(await findLive(db, id));
    },

    add: (input: PostFields, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const row = await postRepo.insert(tx, input, change.actor);
        await log(tx, change, 'CREATE', row.id, `新增岗位「${row.postName}」`, null, row);
        return present(row);
      }),

    update: (id: number, lockVersion: number, input: PostFields, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await postRepo.update(tx, id, lockVersion, input, change.actor);
        await log(tx, change, 'UPDATE', id, `修改岗位「${row.postName}」`, before, row);
        return present(row);
      }),

    /** 启用/停用 (spec §4); carries the lock version like any other change. */
    updateStatus: (id: number, lockVersion: number, status: RecordStatus, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await postRepo.update(tx, id, lockVersion, { status }, change.actor);
        await log(tx, change, 'UPDATE', id, `${status === 'NORMAL' ? '启用' : '停用'}岗位「${row.postName}」`, before, row);
        return present(row);
      }),

    remove: (id: number, lockVersion: number | undefined, change: ChangeContext) => withTransaction(db, (tx) => removeOne(tx, id, lockVersion, change)),

    /** All or nothing: one held or missing post refuses the whole batch. */
    removeMany: (ids: number[], change: ChangeContext): Promise<number> =>
      withTransaction(db, async (tx) => {
        const unique = [...new Set(ids)];
        if ((await postRepo.liveIds(tx, unique)).length !== unique.length) throw errors.notFound('部分岗位');
        for (const id of unique) await removeOne(tx, id, undefined, change);
        return unique.length;
      }),
  };
}

/** Who holds which post, for the user module's form and recycle bin; every call runs in the caller's transaction. */
export const postAssignments = {
  postIdsOf: (ex: Executor, userId: number) => postRepo.postIdsOf(ex, userId),

  /** Replaces the user's posts; refuses (400) when one of them does not exist. */
  async assign(ex: Executor, userId: number, postIds: number[]): Promise<void> {
    const unique = [...new Set(postIds)];
    const known = new Set(await postRepo.liveIds(ex, unique));
    const missing = unique.find((id) => !known.has(id));
    if (missing !== undefined) throw errors.badRequest(`岗位不存在：${missing}`);
    await postRepo.replaceUserPosts(ex, userId, unique);
  },

  /** A purged user holds nothing. */
  forgetUser: (ex: Executor, userId: number) => postRepo.unlinkUser(ex, userId),
};
export type PostService = ReturnType<typeof createPostService>;

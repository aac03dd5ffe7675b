import { RECORD_STATUSES } from '../recordFields';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation } from '../../base/log/operationLog';
import type { ChangeContext } from '../role/service';
import { sysUser } from '../user/schema';
import { sysPost, sysUserPost } from './schema';

export type PostRow = typeof sysPost.$inferSelect;
export const POST_MODULE = 'system:post';
export const POST_STATUSES = RECORD_STATUSES;
export type PostStatus = (typeof POST_STATUSES)[number];

export interface PostInput {
  postCode: string;
  postName: string;
  status: PostStatus;
  sort: number;
  remark: string | null;
}

export interface PostFilter {
  postCode?: string;
  postName?: string;
  status?: string;
}

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const present = (row: PostRow) => {
  const { id, delFlag: _d, ...rest } = row;
  return { postId: id, ...rest };
};

/** Posts (positions) staff hold (spec §7 /rest/postService/*; §4: posts have a status update). */
export function createPostService({ db }: { db: Db }) {
  async function findLive(ex: Executor, id: number): Promise<PostRow> {
    const [row] = await ex.select().from(sysPost).where(and(eq(sysPost.id, id), notDeleted(sysPost))).limit(1);
    if (!row) throw errors.notFound('岗位');
    return row;
  }

  /** How many live users hold the post: a held post cannot be deleted. */
  async function holderCount(ex: Executor, id: number): Promise<number> {
    const [row] = await ex
      .select({ n: count() })
      .from(sysUserPost)
      .innerJoin(sysUser, eq(sysUser.id, sysUserPost.userId))
      .where(and(eq(sysUserPost.postId, id), notDeleted(sysUser)));
    return Number(row!.n);
  }

  async function removeOne(tx: Executor, id: number, lockVersion: number | undefined, change: ChangeContext) {
    const before = await findLive(tx, id);
    const holders = await holderCount(tx, id);
    if (holders) throw errors.conflict(`岗位「${before.postName}」下还有 ${holders} 个用户，请先解除用户与岗位的绑定再删除`);
    const after = await softDelete(tx, sysPost, id, lockVersion, change.actor, '岗位');
    await tx.delete(sysUserPost).where(eq(sysUserPost.postId, id));
    await recordOperation(tx, { module: POST_MODULE, action: 'DELETE', entityId: id, summary: `删除岗位「${before.postName}」`, before: present(before), after: present(after), ...change });
  }

  return {
    async page(filter: PostFilter, page: PageParameter) {
      const where: SQL | undefined = and(
        notDeleted(sysPost),
        filter.postCode ? ilike(sysPost.postCode, like(filter.postCode)) : undefined,
        filter.postName ? ilike(sysPost.postName, like(filter.postName)) : undefined,
        filter.status ? eq(sysPost.status, filter.status) : undefined,
      );
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(sysPost).where(where).orderBy(asc(sysPost.sort), asc(sysPost.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(sysPost).where(where))[0]!.n,
      );
      return { ...result, list: result.list.map(present) };
    },

    async detail(id: number) {
      return present(await findLive(db, id));
    },

    async add(input: PostInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const [row] = await tx.insert(sysPost).values({ ...input, ...createdBy(change.actor) }).returning();
        await recordOperation(tx, { module: POST_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增岗位「${row!.postName}」`, after: present(row!), ...change });
        return present(row!);
      });
    },

    async update(id: number, lockVersion: number, input: PostInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, sysPost, id, lockVersion, input, change.actor, '岗位');
        await recordOperation(tx, { module: POST_MODULE, action: 'UPDATE', entityId: id, summary: `修改岗位「${row.postName}」`, before: present(before), after: present(row), ...change });
        return present(row);
      });
    },

    /** 启用/停用 (spec §4); carries the lock version like any other change. */
    async updateStatus(id: number, lockVersion: number, status: PostStatus, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await updateVersioned(tx, sysPost, id, lockVersion, { status }, change.actor, '岗位');
        const verb = status === 'NORMAL' ? '启用' : '停用';
        await recordOperation(tx, { module: POST_MODULE, action: 'UPDATE', entityId: id, summary: `${verb}岗位「${row.postName}」`, before: present(before), after: present(row), ...change });
        return present(row);
      });
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, (tx) => removeOne(tx, id, lockVersion, change));
    },

    /** All or nothing: one held or missing post refuses the whole batch. */
    async removeMany(ids: number[], change: ChangeContext): Promise<number> {
      const unique = [...new Set(ids)];
      return withTransaction(db, async (tx) => {
        const found = await tx.select({ id: sysPost.id }).from(sysPost).where(and(inArray(sysPost.id, unique), notDeleted(sysPost)));
        if (found.length !== unique.length) throw errors.notFound('部分岗位');
        for (const id of unique) await removeOne(tx, id, undefined, change);
        return unique.length;
      });
    },
  };
}
export type PostService = ReturnType<typeof createPostService>;

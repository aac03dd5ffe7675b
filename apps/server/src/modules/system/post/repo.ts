import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PageParameter, RecordStatus } from '@dandelion/shared';
import type { Executor } from '../../../core/db';
import { countWhere, paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { containing } from '../../../core/sql';
import { sysPost, sysUserPost } from './tables';

export type PostRow = typeof sysPost.$inferSelect;
export type PostFields = Pick<PostRow, 'postCode' | 'postName' | 'status' | 'sort' | 'remark'>;

export interface PostFilter {
  postCode?: string;
  postName?: string;
  status?: RecordStatus;
}

/** Every query of posts and of who holds them; each takes the executor (database or open transaction) to run on. */
export const postRepo = {
  async findLive(ex: Executor, id: number): Promise<PostRow | undefined> {
    const [row] = await ex.select().from(sysPost).where(and(eq(sysPost.id, id), notDeleted(sysPost))).limit(1);
    return row;
  },

  async liveIds(ex: Executor, ids: number[]): Promise<number[]> {
    if (!ids.length) return [];
    const rows = await ex.select({ id: sysPost.id }).from(sysPost).where(and(inArray(sysPost.id, ids), notDeleted(sysPost)));
    return rows.map((r) => r.id);
  },

  page(ex: Executor, filter: PostFilter, page: PageParameter) {
    const where = and(
      notDeleted(sysPost),
      filter.postCode ? containing(sysPost.postCode, filter.postCode) : undefined,
      filter.postName ? containing(sysPost.postName, filter.postName) : undefined,
      filter.status ? eq(sysPost.status, filter.status) : undefined,
    );
    return paginate(
      page,
      (limit, offset) => ex.select().from(sysPost).where(where).orderBy(asc(sysPost.sort), asc(sysPost.id)).limit(limit).offset(offset),
      () => countWhere(ex, sysPost, where),
    );
  },

  async insert(ex: Executor, fields: PostFields, actor: Actor): Promise<PostRow> {
    const [row] = await ex.insert(sysPost).values({ ...fields, ...createdBy(actor) }).returning();
    return row!;
  },

  update: (ex: Executor, id: number, lockVersion: number, fields: Partial<PostFields>, actor: Actor) =>
    updateVersioned(ex, sysPost, id, lockVersion, fields, actor, '岗位'),

  softDelete: (ex: Executor, id: number, lockVersion: number | undefined, actor: Actor) => softDelete(ex, sysPost, id, lockVersion, actor, '岗位'),

  async holderIds(ex: Executor, postId: number): Promise<number[]> {
    const rows = await ex.select({ userId: sysUserPost.userId }).from(sysUserPost).where(eq(sysUserPost.postId, postId));
    return rows.map((r) => r.userId);
  },

  async postIdsOf(ex: Executor, userId: number): Promise<number[]> {
    const rows = await ex.select({ postId: sysUserPost.postId }).from(sysUserPost).where(eq(sysUserPost.userId, userId));
    return rows.map((r) => r.postId);
  },

  async replaceUserPosts(ex: Executor, userId: number, postIds: number[]): Promise<void> {
    await ex.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
    if (postIds.length) await ex.insert(sysUserPost).values([...new Set(postIds)].map((postId) => ({ userId, postId })));
  },

  async unlinkPost(ex: Executor, postId: number): Promise<void> {
    await ex.delete(sysUserPost).where(eq(sysUserPost.postId, postId));
  },

  async unlinkUser(ex: Executor, userId: number): Promise<void> {
    await ex.delete(sysUserPost).where(eq(sysUserPost.userId, userId));
  },
};

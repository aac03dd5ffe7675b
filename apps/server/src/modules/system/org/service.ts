import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Executor } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { beijingTime, MAX_EXPORT_ROWS, workbookOf } from '../../../core/excel';
import { createdBy, notDeleted, softDelete, updateVersioned, type Actor } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import type { DictService } from '../../base/dict/service';
import { recordOperation } from '../../../core/audit';
import { sysOrgDataPermission } from '../datapermission/schema';
import { sysUser } from '../user/schema';
import { sysOrg, sysOrgAdmin, sysOrgFunc } from './schema';

export interface OrgTreeNode {
  orgId: number;
  orgCode: string;
  orgName: string;
  parentOrgId: number | null;
  orgType: string | null;
  orgLevel: string | null;
  orgStatus: string;
  orgSort: number;
  isLeaf: boolean;
}

import type { ChangeContext } from '../../../core/audit';
import { likePattern } from '../../../core/sql';
export type { ChangeContext };

export interface OrgInput {
  orgCode: string;
  orgName: string;
  orgType: string | null;
  orgLevel: string | null;
  parentOrgId: number | null;
  orgAddr: string | null;
  orgLinkman: string | null;
  orgLinktel: string | null;
  orgLinkemail: string | null;
  orgStatus: string;
  orgSort: number;
  remark: string | null;
}

export type OrgRow = typeof sysOrg.$inferSelect;
export const ORG_MODULE = 'system:org';

/** The name of an organisation, or null when it does not exist (or was deleted). */
export async function orgNameById(ex: Executor, orgId: number | null): Promise<string | null> {
  if (orgId === null) return null;
  const rows = await ex.select({ orgName: sysOrg.orgName }).from(sysOrg).where(and(eq(sysOrg.id, orgId), notDeleted(sysOrg))).limit(1);
  return rows[0]?.orgName ?? null;
}

/** Which of `ids` are live organisations (other modules validate their org references with it). */
export async function existingOrgIds(ex: Executor, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await ex.select({ id: sysOrg.id }).from(sysOrg).where(and(inArray(sysOrg.id, ids), notDeleted(sysOrg)));
  return new Set(rows.map((r) => r.id));
}

/** Condition limiting sys_org rows to those a data scope may see; undefined = everything. */
export function visibleOrgCondition(scope: EffectiveDataScope): SQL | undefined {
  if (scope.all) return undefined;
  const parts: SQL[] = [];
  if (scope.orgIds.length) parts.push(inArray(sysOrg.id, scope.orgIds));
  if (scope.subtreeOf !== null) {
    parts.push(eq(sysOrg.id, scope.subtreeOf));
    parts.push(sql`(',' || ${sysOrg.parentOrgIds} || ',') like ${`%,${scope.subtreeOf},%`}`);
  }
  // SELF sees no organisation at all: only the records it created, none of which is an org.
  return parts.length ? or(...parts) : sql`false`;
}

/** Ancestor ids of a row, root first. */
export const ancestorsOf = (row: Pick<OrgRow, 'parentOrgIds'>): number[] => (row.parentOrgIds ? row.parentOrgIds.split(',').map(Number) : []);
/** The parent_org_ids value children of `row` carry. */
const pathBelow = (row: Pick<OrgRow, 'id' | 'parentOrgIds'>) => (row.parentOrgIds ? `${row.parentOrgIds},${row.id}` : String(row.id));

const nodeColumns = {
  orgId: sysOrg.id, orgCode: sysOrg.orgCode, orgName: sysOrg.orgName, parentOrgId: sysOrg.parentOrgId, orgType: sysOrg.orgType,
  orgLevel: sysOrg.orgLevel, orgStatus: sysOrg.orgStatus, orgSort: sysOrg.orgSort,
};

/** The organisation tree and its administration (spec §7 /rest/organ/*). Bindings live in bindings.ts. */
export function createOrgService({ db, dicts }: { db: Db; dicts: DictService }) {
  /** Tree nodes matching `where`; a scoped caller's leaves are judged by the children they may see. */
  async function nodes(where: SQL | undefined, scope: EffectiveDataScope): Promise<OrgTreeNode[]> {
    const visible = visibleOrgCondition(scope);
    // Written out: the correlated subquery must name the outer row's table explicitly.
    const childVisible = visible ? sql` and child.id in (select ${sysOrg.id} from ${sysOrg} where ${visible})` : sql``;
    const hasChildren = sql<boolean>`exists (select 1 from sys_org child where child.parent_org_id = "sys_org"."id" and child.del_flag = 0${childVisible})`;
    const rows = await db
      .select({ ...nodeColumns, hasChildren })
      .from(sysOrg)
      .where(and(where, notDeleted(sysOrg), visible))
      .orderBy(asc(sysOrg.orgSort), asc(sysOrg.id));
    return rows.map(({ hasChildren: has, ...org }) => ({ ...org, isLeaf: !has }));
  }

  async function findLive(ex: Executor, id: number): Promise<OrgRow> {
    const [row] = await ex.select().from(sysOrg).where(and(eq(sysOrg.id, id), notDeleted(sysOrg))).limit(1);
    if (!row) throw errors.notFound('机构');
    return row;
  }

  /** Refuses an org outside the caller's data scope, as if it were not there to act on. */
  async function assertVisible(ex: Executor, id: number, scope: EffectiveDataScope): Promise<OrgRow> {
    const row = await findLive(ex, id);
    const visible = visibleOrgCondition(scope);
    if (visible) {
      const [hit] = await ex.select({ id: sysOrg.id }).from(sysOrg).where(and(eq(sysOrg.id, id), visible)).limit(1);
      if (!hit) throw errors.forbidden('无权操作该机构（超出数据权限范围）');
    }
    return row;
  }

  async function checkDictionaryCodes(input: Pick<OrgInput, 'orgType' | 'orgLevel'>) {
    const items = await dicts.itemsByCategory(['ORG_TYPE', 'ORG_LEVEL']);
    if (input.orgType && !items.ORG_TYPE!.some((i) => i.dictCode === input.orgType)) throw errors.badRequest(`机构类型不正确：${input.orgType}`);
    if (input.orgLevel && !items.ORG_LEVEL!.some((i) => i.dictCode === input.orgLevel)) throw errors.badRequest(`机构级别不正确：${input.orgLevel}`);
  }

  /** The parent a new or moved org goes under; a scoped caller may only create roots when it sees everything. */
  async function parentFor(ex: Executor, parentOrgId: number | null, scope: EffectiveDataScope): Promise<OrgRow | null> {
    if (parentOrgId === null) {
      if (!scope.all) throw errors.forbidden('无权新增顶级机构（超出数据权限范围）');
      return null;
    }
    try {
      return await assertVisible(ex, parentOrgId, scope);
    } catch (e) {
      if ((e as { status?: number }).status === 404) throw errors.badRequest('上级机构不存在或已被删除');
      throw e;
    }
  }

  return {
    /** Direct children of `parentId` (the roots when null), each saying whether it has children: trees load lazily. */
    async children(parentId: number | null, scope: EffectiveDataScope = { all: true, subtreeOf: null, orgIds: [], userId: 0 }): Promise<OrgTreeNode[]> {
      if (parentId !== null || scope.all) return nodes(parentId === null ? isNull(sysOrg.parentOrgId) : eq(sysOrg.parentOrgId, parentId), scope);
      // A scoped caller's roots are the topmost orgs it may see: those whose parent it may not see.
      const visible = visibleOrgCondition(scope)!;
      return nodes(sql`(${sysOrg.parentOrgId} is null or ${sysOrg.parentOrgId} not in (select ${sysOrg.id} from ${sysOrg} where ${visible} and ${sysOrg.delFlag} = 0))`, scope);
    },

    /** Orgs whose name or code contains `keyword`, with their ancestors: a flat list a searchable tree expands to. */
    async search(keyword: string, scope: EffectiveDataScope): Promise<OrgTreeNode[]> {
      const pattern = likePattern(keyword);
      const hits = await db
        .select({ id: sysOrg.id, parentOrgIds: sysOrg.parentOrgIds })
        .from(sysOrg)
        .where(and(or(ilike(sysOrg.orgName, pattern), ilike(sysOrg.orgCode, pattern)), notDeleted(sysOrg), visibleOrgCondition(scope)))
        .limit(500);
      const ids = new Set<number>();
      for (const hit of hits) [...ancestorsOf(hit), hit.id].forEach((id) => ids.add(id));
      return ids.size ? nodes(inArray(sysOrg.id, [...ids]), scope) : [];
    },

    /**
     * Every organisation the caller may see (or those matching `keyword`), parents before children,
     * as a workbook; dictionary codes as their names.
     */
    async exportWorkbook(keyword: string | undefined, scope: EffectiveDataScope): Promise<Buffer> {
      const pattern = keyword ? likePattern(keyword) : null;
      const parent = alias(sysOrg, 'parent');
      const rows = await db
        .select({ org: sysOrg, parentName: parent.orgName })
        .from(sysOrg)
        .leftJoin(parent, eq(parent.id, sysOrg.parentOrgId))
        .where(and(notDeleted(sysOrg), visibleOrgCondition(scope), pattern ? or(ilike(sysOrg.orgName, pattern), ilike(sysOrg.orgCode, pattern)) : undefined))
        .orderBy(asc(sysOrg.parentOrgIds), asc(sysOrg.orgSort), asc(sysOrg.id))
        .limit(MAX_EXPORT_ROWS);
      const { ORG_TYPE, ORG_LEVEL } = await dicts.itemsByCategory(['ORG_TYPE', 'ORG_LEVEL']);
      const nameIn = (items: { dictCode: string; dictName: string }[] | undefined, code: string | null) => (code ? (items?.find((i) => i.dictCode === code)?.dictName ?? code) : '');
      return workbookOf('机构列表', [
        { header: '机构编码', width: 16, value: (r) => r.org.orgCode },
        { header: '机构名称', width: 24, value: (r) => r.org.orgName },
        { header: '上级机构', width: 24, value: (r) => r.parentName },
        { header: '机构类型', width: 12, value: (r) => nameIn(ORG_TYPE, r.org.orgType) },
        { header: '机构级别', width: 12, value: (r) => nameIn(ORG_LEVEL, r.org.orgLevel) },
        { header: '联系人', width: 12, value: (r) => r.org.orgLinkman },
        { header: '联系电话', width: 16, value: (r) => r.org.orgLinktel },
        { header: '联系邮箱', width: 24, value: (r) => r.org.orgLinkemail },
        { header: '地址', width: 30, value: (r) => r.org.orgAddr },
        { header: '状态', width: 8, value: (r) => (r.org.orgStatus === 'NORMAL' ? '正常' : '停用') },
        { header: '排序', width: 8, value: (r) => r.org.orgSort },
        { header: '创建时间', width: 20, value: (r) => beijingTime(r.org.createTime) },
      ], rows);
    },

    async detail(id: number, scope: EffectiveDataScope) {
      const row = await assertVisible(db, id, scope);
      return { ...row, parentOrgName: await orgNameById(db, row.parentOrgId) };
    },

    async add(input: OrgInput, scope: EffectiveDataScope, change: ChangeContext): Promise<OrgRow> {
      await checkDictionaryCodes(input);
      return withTransaction(db, async (tx) => {
        const parent = await parentFor(tx, input.parentOrgId, scope);
        const [row] = await tx
          .insert(sysOrg)
          .values({ ...input, parentOrgIds: parent ? pathBelow(parent) : '', ...createdBy(change.actor) })
          .returning();
        await recordOperation(tx, { module: ORG_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增机构「${row!.orgName}」`, after: row, ...change });
        return row!;
      });
    },

    /** Updates an org; a new parent moves the whole subtree (its ancestor paths are rewritten in the same transaction). */
    async update(id: number, lockVersion: number, input: OrgInput, scope: EffectiveDataScope, change: ChangeContext): Promise<OrgRow> {
      await checkDictionaryCodes(input);
      return withTransaction(db, async (tx) => {
        const before = await assertVisible(tx, id, scope);
        const moving = before.parentOrgId !== input.parentOrgId;
        let parentOrgIds = before.parentOrgIds;
        if (moving) {
          if (input.parentOrgId === id) throw errors.badRequest('上级机构不能是机构自身');
          const parent = await parentFor(tx, input.parentOrgId, scope);
          if (parent && ancestorsOf(parent).includes(id)) throw errors.badRequest('上级机构不能是本机构的下级机构');
          parentOrgIds = parent ? pathBelow(parent) : '';
        }
        const after = await updateVersioned(tx, sysOrg, id, lockVersion, { ...input, parentOrgIds }, change.actor, '机构');
        if (moving) {
          const oldPath = pathBelow(before);
          const newPath = pathBelow(after);
          await tx
            .update(sysOrg)
            .set({ parentOrgIds: sql`${newPath} || substr(${sysOrg.parentOrgIds}, ${oldPath.length + 1})` })
            .where(or(eq(sysOrg.parentOrgIds, oldPath), sql`${sysOrg.parentOrgIds} like ${`${oldPath},%`}`));
        }
        await recordOperation(tx, {
          module: ORG_MODULE, action: moving ? 'MOVE' : 'UPDATE', entityId: id,
          summary: moving ? `修改并移动机构「${after.orgName}」` : `修改机构「${after.orgName}」`, before, after, ...change,
        });
        return after;
      });
    },

    /** Soft-deletes a leaf org without users; its admin, menu and rule bindings go with it. */
    async remove(id: number, lockVersion: number | undefined, scope: EffectiveDataScope, change: ChangeContext): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await assertVisible(tx, id, scope);
        const [child] = await tx.select({ id: sysOrg.id }).from(sysOrg).where(and(eq(sysOrg.parentOrgId, id), notDeleted(sysOrg))).limit(1);
        if (child) throw errors.conflict('该机构下还有下级机构，不能删除');
        const [user] = await tx.select({ id: sysUser.id }).from(sysUser).where(and(eq(sysUser.orgId, id), notDeleted(sysUser))).limit(1);
        if (user) throw errors.conflict('该机构下还有用户，不能删除');
        const after = await softDelete(tx, sysOrg, id, lockVersion, change.actor, '机构');
        await tx.delete(sysOrgAdmin).where(eq(sysOrgAdmin.orgId, id));
        await tx.delete(sysOrgFunc).where(eq(sysOrgFunc.orgId, id));
        await tx.delete(sysOrgDataPermission).where(eq(sysOrgDataPermission.orgId, id));
        await recordOperation(tx, { module: ORG_MODULE, action: 'DELETE', entityId: id, summary: `删除机构「${before.orgName}」`, before, after, ...change });
      });
    },

    /** Re-numbers the children of one parent in the given order (orgSort 1, 2, …). */
    async sort(parentOrgId: number | null, orderedIds: number[], scope: EffectiveDataScope, change: ChangeContext): Promise<void> {
      if (new Set(orderedIds).size !== orderedIds.length) throw errors.badRequest('排序列表中有重复的机构');
      await withTransaction(db, async (tx) => {
        if (parentOrgId !== null) await assertVisible(tx, parentOrgId, scope);
        else if (!scope.all) throw errors.forbidden('无权调整顶级机构的顺序（超出数据权限范围）');
        const siblings = await tx
          .select({ id: sysOrg.id, orgSort: sysOrg.orgSort })
          .from(sysOrg)
          .where(and(parentOrgId === null ? isNull(sysOrg.parentOrgId) : eq(sysOrg.parentOrgId, parentOrgId), notDeleted(sysOrg)));
        const known = new Set(siblings.map((s) => s.id));
        if (orderedIds.length !== known.size || orderedIds.some((oid) => !known.has(oid))) throw errors.badRequest('排序列表必须恰好包含该上级机构的全部直接下级');
        for (const [index, oid] of orderedIds.entries()) {
          await tx.update(sysOrg).set({ orgSort: index + 1, lockVersion: sql`${sysOrg.lockVersion} + 1`, updateTime: new Date(), updateBy: change.actor.name, updateById: change.actor.id }).where(eq(sysOrg.id, oid));
        }
        await recordOperation(tx, {
          module: ORG_MODULE, action: 'SORT', entityId: parentOrgId, summary: '调整机构顺序',
          before: siblings.sort((a, b) => a.orgSort - b.orgSort).map((s) => s.id), after: orderedIds, ...change,
        });
      });
    },

    assertVisible: (id: number, scope: EffectiveDataScope) => assertVisible(db, id, scope),
  };
}
export type OrgService = ReturnType<typeof createOrgService>;

import type { SQL } from 'drizzle-orm';
import { maskPhone, type Page, type PageParameter } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import type { EffectiveDataScope } from '../../../core/dataScope';
import { errors } from '../../../core/errors';
import { beijingTime, workbookOf } from '../../../core/excel';
import { withTransaction } from '../../../core/transaction';
import { orgRepo, pathBelow, visibleOrgCondition, type OrgFields, type OrgRow, type OrgTreeNode } from './repo';

export const ORG_MODULE = 'system:org';

/** Dictionary items by category; the dictionary module answers (ORG_TYPE, ORG_LEVEL). */
export interface OrgDictionaries {
  itemsByCategory(categories: readonly string[]): Promise<Record<string, Array<{ dictCode: string; dictName: string }>>>;
}

/** A user as the organisation's member and administrator lists show one. */
export interface OrgMember {
  id: number;
  username: string;
  realname: string | null;
  phone: string | null;
  status: string;
  orgId: number | null;
}

/** What organisations need to know of users; the user module answers, in the caller's transaction. */
export interface OrgMembers {
  /** Live users of `orgId` and, when given, of the organisations in `alsoIn` (a subquery of ids); by sort, then id. */
  page(ex: Executor, orgId: number, alsoIn: SQL | null, page: PageParameter): Promise<Page<OrgMember>>;
  /** The live users among `ids`, by username. */
  cards(ex: Executor, ids: number[]): Promise<OrgMember[]>;
  liveIds(ex: Executor, ids: number[]): Promise<number[]>;
  /** Whether any live user belongs to the organisation. */
  anyIn(ex: Executor, orgId: number): Promise<boolean>;
}

/** Data-permission rules bound to organisations; the data-permission module owns the binding. */
export interface OrgRules {
  idsOf(ex: Executor, orgId: number): Promise<number[]>;
  /** Refuses (400) unknown rules before anything changes. */
  replace(ex: Executor, orgId: number, ruleIds: number[]): Promise<void>;
  forget(ex: Executor, orgId: number): Promise<void>;
}

export interface OrgDeps {
  db: Db;
  dicts: OrgDictionaries;
  members: OrgMembers;
  rules: OrgRules;
  /** The functions in force (not deleted, not disabled) among `ids`; the function module answers. */
  funcsInForce: (ex: Executor, ids: number[]) => Promise<number[]>;
}

export type OrgInput = OrgFields;

/** The name of an organisation, or null when it does not exist (or was deleted). */
export const orgNameById = (ex: Executor, orgId: number | null) => orgRepo.nameById(ex, orgId);

/** Ancestor ids of a row, root first. */
const ancestorsOf = (row: Pick<OrgRow, 'parentOrgIds'>): number[] => (row.parentOrgIds ? row.parentOrgIds.split(',').map(Number) : []);
const masked = <T extends { phone: string | null }>(u: T) => ({ ...u, phone: maskPhone(u.phone) });
const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
const EVERYTHING: EffectiveDataScope = { all: true, subtreeOf: null, orgIds: [], userId: 0 };

/**
 * The organisation tree and its administration (spec §7 /rest/organ/*), within the caller's data
 * scope, and what an organisation binds (spec §6): administrators, menus and data-permission rules.
 */
export function createOrgService({ db, dicts, members, rules, funcsInForce }: OrgDeps) {
  async function findLive(ex: Executor, id: number): Promise<OrgRow> {
    const row = await orgRepo.findLive(ex, id);
    if (!row) throw errors.notFound('机构');
    return row;
  }

  /** Refuses an org outside the caller's data scope, as if it were not there to act on. */
  async function assertVisible(ex: Executor, id: number, scope: EffectiveDataScope): Promise<OrgRow> {
    const row = await findLive(ex, id);
    const visible = visibleOrgCondition(scope);
    if (visible && !(await orgRepo.isVisible(ex, id, visible))) throw errors.forbidden('无权操作该机构（超出数据权限范围）');
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

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number | null, summary: string, before: unknown, after: unknown) =>
    recordOperation(ex, { module: ORG_MODULE, action, entityId, summary, before, after, ...change });

  const admins = async (ex: Executor, orgId: number) => (await members.cards(ex, await orgRepo.adminIds(ex, orgId))).map(masked);
  const bindings = async (ex: Executor, orgId: number) => ({ funcIds: await orgRepo.funcIds(ex, orgId), ruleIds: await rules.idsOf(ex, orgId) });

  return {
    /** Direct children of `parentId` (the roots when null), each saying whether it has children: trees load lazily. */
    async children(parentId: number | null, scope: EffectiveDataScope = EVERYTHING): Promise<OrgTreeNode[]> {
      if (parentId !== null || scope.all) return orgRepo.nodes(db, orgRepo.childrenOf(parentId), scope);
      return orgRepo.nodes(db, orgRepo.topVisible(visibleOrgCondition(scope)!), scope);
    },

    /** Orgs whose name or code contains `keyword`, with their ancestors: a flat list a searchable tree expands to. */
    async search(keyword: string, scope: EffectiveDataScope): Promise<OrgTreeNode[]> {
      const ids = new Set<number>();
      for (const hit of await orgRepo.searchHits(db, keyword, scope)) [...ancestorsOf(hit), hit.id].forEach((id) => ids.add(id));
      return ids.size ? orgRepo.nodes(db, orgRepo.idIn([...ids]), scope) : [];
    },

    /**
     * Every organisation the caller may see (or those matching `keyword`), parents before children,
     * as a workbook; dictionary codes as their names.
     */
    async exportWorkbook(keyword: string | undefined, scope: EffectiveDataScope): Promise<Buffer> {
      const rows = await orgRepo.exportRows(db, keyword, scope);
      const { ORG_TYPE, ORG_LEVEL } = await dicts.itemsByCategory(['ORG_TYPE', 'ORG_LEVEL']);
      const nameIn = (items: { dictCode: string; dictName: string }[] | undefined, code: string | null) =>
        code ? (items?.find((i) => i.dictCode === code)?.dictName ?? code) : '';
      return workbookOf(
        '机构列表',
        [
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
        ],
        rows,
      );
    },

    async detail(id: number, scope: EffectiveDataScope) {
      const { id: orgId, ...row } = await assertVisible(db, id, scope);
      return { ...row, orgId, parentOrgName: await orgRepo.nameById(db, row.parentOrgId) };
    },

    async add(input: OrgInput, scope: EffectiveDataScope, change: ChangeContext): Promise<OrgRow> {
      await checkDictionaryCodes(input);
      return withTransaction(db, async (tx) => {
        const parent = await parentFor(tx, input.parentOrgId, scope);
        const row = await orgRepo.insert(tx, { ...input, parentOrgIds: parent ? pathBelow(parent) : '' }, change.actor);
        await log(tx, change, 'CREATE', row.id, `新增机构「${row.orgName}」`, undefined, row);
        return row;
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
        const after = await orgRepo.update(tx, id, lockVersion, { ...input, parentOrgIds }, change.actor);
        if (moving) await orgRepo.moveSubtree(tx, pathBelow(before), pathBelow(after));
        const summary = moving ? `修改并移动机构「${after.orgName}」` : `修改机构「${after.orgName}」`;
        await log(tx, change, moving ? 'MOVE' : 'UPDATE', id, summary, before, after);
        return after;
      });
    },

    /** Soft-deletes a leaf org without users; its admin, menu and rule bindings go with it. */
    async remove(id: number, lockVersion: number | undefined, scope: EffectiveDataScope, change: ChangeContext): Promise<void> {
      await withTransaction(db, async (tx) => {
        const before = await assertVisible(tx, id, scope);
        if (await orgRepo.hasLiveChild(tx, id)) throw errors.conflict('该机构下还有下级机构，不能删除');
        if (await members.anyIn(tx, id)) throw errors.conflict('该机构下还有用户，不能删除');
        const after = await orgRepo.softDelete(tx, id, lockVersion, change.actor);
        await orgRepo.forgetBindings(tx, id);
        await rules.forget(tx, id);
        await log(tx, change, 'DELETE', id, `删除机构「${before.orgName}」`, before, after);
      });
    },

    /** Re-numbers the children of one parent in the given order (orgSort 1, 2, …). */
    async sort(parentOrgId: number | null, orderedIds: number[], scope: EffectiveDataScope, change: ChangeContext): Promise<void> {
      if (new Set(orderedIds).size !== orderedIds.length) throw errors.badRequest('排序列表中有重复的机构');
      await withTransaction(db, async (tx) => {
        if (parentOrgId !== null) await assertVisible(tx, parentOrgId, scope);
        else if (!scope.all) throw errors.forbidden('无权调整顶级机构的顺序（超出数据权限范围）');
        const siblings = await orgRepo.siblings(tx, parentOrgId);
        const known = new Set(siblings.map((s) => s.id));
        if (orderedIds.length !== known.size || orderedIds.some((oid) => !known.has(oid))) throw errors.badRequest('排序列表必须恰好包含该上级机构的全部直接下级');
        for (const [index, oid] of orderedIds.entries()) await orgRepo.setSort(tx, oid, index + 1, change.actor);
        const before = siblings.sort((a, b) => a.orgSort - b.orgSort).map((s) => s.id);
        await log(tx, change, 'SORT', parentOrgId, '调整机构顺序', before, orderedIds);
      });
    },

    /** Users of the org (and, with includeChildren, of its whole subtree), paged, phones masked. */
    async users(orgId: number, includeChildren: boolean, page: PageParameter, scope: EffectiveDataScope) {
      const org = await assertVisible(db, orgId, scope);
      const result = await members.page(db, orgId, includeChildren ? orgRepo.liveDescendantIds(pathBelow(org)) : null, page);
      return { ...result, list: result.list.map(masked) };
    },

    async admins(orgId: number, scope: EffectiveDataScope) {
      await assertVisible(db, orgId, scope);
      return admins(db, orgId);
    },

    /** Replaces the org's administrators; unknown or deleted users are refused before anything changes. */
    async setAdmins(orgId: number, userIds: number[], scope: EffectiveDataScope, change: ChangeContext) {
      const org = await assertVisible(db, orgId, scope);
      const unique = [...new Set(userIds)];
      await withTransaction(db, async (tx) => {
        const known = new Set(await members.liveIds(tx, unique));
        const unknown = unique.filter((id) => !known.has(id));
        if (unknown.length) throw errors.badRequest(`用户不存在：${unknown.join(',')}`);
        const before = await orgRepo.adminIds(tx, orgId);
        await orgRepo.replaceAdmins(tx, orgId, unique);
        await log(tx, change, 'BIND', orgId, `设置机构「${org.orgName}」的管理员`, { userIds: before }, { userIds: unique });
      });
      return admins(db, orgId);
    },

    async permissions(orgId: number, scope: EffectiveDataScope) {
      await assertVisible(db, orgId, scope);
      return bindings(db, orgId);
    },

    /** Replaces the bound menus and/or rules (a list left out stays as it is). */
    async setPermissions(orgId: number, input: { funcIds?: number[]; ruleIds?: number[] }, scope: EffectiveDataScope, change: ChangeContext) {
      const org = await assertVisible(db, orgId, scope);
      await withTransaction(db, async (tx) => {
        const before = await bindings(tx, orgId);
        const funcIds = input.funcIds ? [...new Set(input.funcIds)] : null;
        if (funcIds) {
          const known = new Set(await funcsInForce(tx, funcIds));
          const unknown = funcIds.filter((id) => !known.has(id));
          if (unknown.length) throw errors.badRequest(`菜单不存在：${unknown.join(',')}`);
          await orgRepo.replaceFuncs(tx, orgId, funcIds);
        }
        if (input.ruleIds) await rules.replace(tx, orgId, input.ruleIds);
        const after = {
          funcIds: input.funcIds ? sortedIds(input.funcIds) : before.funcIds,
          ruleIds: input.ruleIds ? sortedIds(input.ruleIds) : before.ruleIds,
        };
        await log(tx, change, 'BIND', orgId, `绑定机构「${org.orgName}」的菜单与数据权限`, before, after);
      });
      return bindings(db, orgId);
    },
  };
}
export type OrgService = ReturnType<typeof createOrgService>;

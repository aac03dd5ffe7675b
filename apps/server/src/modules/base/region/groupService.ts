import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PageParameter } from '@dandelion/shared';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { paginate } from '../../../core/pagination';
import { createdBy, notDeleted, softDelete, updateVersioned } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import { baseRegion, baseRegionGroup, baseRegionGroupMember } from './tables';
import { REGION_MODULE, type RegionService } from './service';
import { likePattern } from '../../../core/sql';

type GroupRow = typeof baseRegionGroup.$inferSelect;

export interface GroupInput {
  groupCode: string;
  groupName: string;
  sort: number;
  remark: string | null;
  /** The member regions by code; the set replaces the group's members. */
  regionCodes: string[];
}

export interface GroupFilter {
  groupCode?: string;
  groupName?: string;
}

export interface GroupMember {
  regionId: number;
  regionCode: string;
  regionName: string;
  regionLevel: number;
}

const presentGroup = (row: GroupRow) => {
  const { id, delFlag: _d, createById: _c, updateById: _u, ...rest } = row;
  return { groupId: id, ...rest };
};

/** Region groups (华东地区, 试点城市 …): a named set of regions, administered beside the regions. */
export function createRegionGroupService({ db, regions }: { db: Db; regions: RegionService }) {
  async function findGroup(ex: Executor, id: number): Promise<GroupRow> {
    const [row] = await ex.select().from(baseRegionGroup).where(and(eq(baseRegionGroup.id, id), notDeleted(baseRegionGroup))).limit(1);
    if (!row) throw errors.notFound('区划分组');
    return row;
  }

  async function membersOf(ex: Executor, groupIds: number[]): Promise<Map<number, GroupMember[]>> {
    const byGroup = new Map<number, GroupMember[]>(groupIds.map((g) => [g, []]));
    if (!groupIds.length) return byGroup;
    const rows = await ex
      .select({ groupId: baseRegionGroupMember.groupId, regionId: baseRegion.id, regionCode: baseRegion.regionCode, regionName: baseRegion.regionName, regionLevel: baseRegion.regionLevel })
      .from(baseRegionGroupMember)
      .innerJoin(baseRegion, eq(baseRegion.id, baseRegionGroupMember.regionId))
      .where(and(inArray(baseRegionGroupMember.groupId, groupIds), notDeleted(baseRegion)))
      .orderBy(asc(baseRegion.regionCode));
    for (const { groupId, ...member } of rows) byGroup.get(groupId)?.push(member);
    return byGroup;
  }

  async function checkCode(ex: Executor, code: string, exceptId?: number) {
    const [taken] = await ex
      .select({ id: baseRegionGroup.id })
      .from(baseRegionGroup)
      .where(and(eq(baseRegionGroup.groupCode, code), notDeleted(baseRegionGroup), exceptId ? sql`${baseRegionGroup.id} <> ${exceptId}` : undefined))
      .limit(1);
    if (taken) throw errors.conflict(`分组编码「${code}」已存在，请更换后重试`);
  }

  async function setMembers(ex: Executor, groupId: number, codes: string[]): Promise<GroupMember[]> {
    const members = await regions.resolveCodes(ex, [...new Set(codes)]);
    await ex.delete(baseRegionGroupMember).where(eq(baseRegionGroupMember.groupId, groupId));
    if (members.length) await ex.insert(baseRegionGroupMember).values(members.map((m) => ({ groupId, regionId: m.id })));
    return (await membersOf(ex, [groupId])).get(groupId)!;
  }

  const withMembers = (row: GroupRow, members: GroupMember[]) => ({ ...presentGroup(row), memberCount: members.length, members });

  return {
    async page(filter: GroupFilter, page: PageParameter) {
      const where: SQL = and(
        notDeleted(baseRegionGroup),
        filter.groupCode ? ilike(baseRegionGroup.groupCode, likePattern(filter.groupCode)) : undefined,
        filter.groupName ? ilike(baseRegionGroup.groupName, likePattern(filter.groupName)) : undefined,
      )!;
      const result = await paginate(
        page,
        (limit, offset) => db.select().from(baseRegionGroup).where(where).orderBy(asc(baseRegionGroup.sort), asc(baseRegionGroup.id)).limit(limit).offset(offset),
        async () => (await db.select({ n: count() }).from(baseRegionGroup).where(where))[0]!.n,
      );
      const members = await membersOf(db, result.list.map((g) => g.id));
      // A group may hold hundreds of regions: the list shows how many and the first few names.
      return {
        ...result,
        list: result.list.map((g) => {
          const all = members.get(g.id)!;
          return { ...presentGroup(g), memberCount: all.length, memberNames: all.slice(0, 8).map((m) => m.regionName) };
        }),
      };
    },

    async detail(id: number) {
      const row = await findGroup(db, id);
      return withMembers(row, (await membersOf(db, [id])).get(id)!);
    },

    async add(input: GroupInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        await checkCode(tx, input.groupCode);
        const { regionCodes, ...fields } = input;
        const [row] = await tx.insert(baseRegionGroup).values({ ...fields, ...createdBy(change.actor) }).returning();
        const group = withMembers(row!, await setMembers(tx, row!.id, regionCodes));
        await recordOperation(tx, { module: REGION_MODULE, action: 'CREATE', entityId: row!.id, summary: `新增区划分组「${row!.groupName}」（${group.memberCount} 个区划）`, after: group, ...change });
        return group;
      });
    },

    async update(id: number, lockVersion: number, input: GroupInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const beforeRow = await findGroup(tx, id);
        const before = withMembers(beforeRow, (await membersOf(tx, [id])).get(id)!);
        if (input.groupCode !== beforeRow.groupCode) await checkCode(tx, input.groupCode, id);
        const { regionCodes, ...fields } = input;
        const row = await updateVersioned(tx, baseRegionGroup, id, lockVersion, fields, change.actor, '区划分组');
        const group = withMembers(row, await setMembers(tx, id, regionCodes));
        await recordOperation(tx, { module: REGION_MODULE, action: 'UPDATE', entityId: id, summary: `修改区划分组「${row.groupName}」（${group.memberCount} 个区划）`, before, after: group, ...change });
        return group;
      });
    },

    async remove(id: number, lockVersion: number | undefined, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const beforeRow = await findGroup(tx, id);
        const before = withMembers(beforeRow, (await membersOf(tx, [id])).get(id)!);
        const after = await softDelete(tx, baseRegionGroup, id, lockVersion, change.actor, '区划分组');
        await tx.delete(baseRegionGroupMember).where(eq(baseRegionGroupMember.groupId, id));
        await recordOperation(tx, { module: REGION_MODULE, action: 'DELETE', entityId: id, summary: `删除区划分组「${beforeRow.groupName}」`, before, after: presentGroup(after), ...change });
      });
    },
  };
}
export type RegionGroupService = ReturnType<typeof createRegionGroupService>;

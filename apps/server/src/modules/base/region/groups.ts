import type { PageParameter } from '@dandelion/shared';
import type { ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { groupRepo, type GroupFilter, type GroupMember, type GroupRow } from './repo';
import { logRegionChange, type RegionService } from './service';

export interface GroupInput {
  groupCode: string;
  groupName: string;
  sort: number;
  remark: string | null;
  /** The member regions by code; the set replaces the group's members. */
  regionCodes: string[];
}

const presentGroup = (row: GroupRow) => {
  const { id, ...rest } = row;
  return { groupId: id, ...rest };
};
const withMembers = (row: GroupRow, members: GroupMember[]) => ({ ...presentGroup(row), memberCount: members.length, members });

/** Region groups (华东地区, 试点城市 …): a named set of regions, administered beside the regions. */
export function createRegionGroupService({ db, regions }: { db: Db; regions: Pick<RegionService, 'resolveCodes'> }) {
  async function findGroup(ex: Executor, id: number): Promise<GroupRow> {
    const row = await groupRepo.findLive(ex, id);
    if (!row) throw errors.notFound('区划分组');
    return row;
  }

  const membersOf = async (ex: Executor, id: number) => (await groupRepo.membersOf(ex, [id])).get(id)!;

  /** The group as it stands, with its members. */
  async function current(ex: Executor, id: number) {
    const row = await findGroup(ex, id);
    return { row, group: withMembers(row, await membersOf(ex, id)) };
  }

  async function checkCode(ex: Executor, code: string, exceptId?: number) {
    if (await groupRepo.codeTaken(ex, code, exceptId)) throw errors.conflict(`分组编码「${code}」已存在，请更换后重试`);
  }

  async function setMembers(ex: Executor, groupId: number, codes: string[]): Promise<GroupMember[]> {
    const members = await regions.resolveCodes(ex, [...new Set(codes)]);
    await groupRepo.replaceMembers(ex, groupId, members.map((m) => m.id));
    return membersOf(ex, groupId);
  }

  return {
    async page(filter: GroupFilter, page: PageParameter) {
      const result = await groupRepo.page(db, filter, page);
      const members = await groupRepo.membersOf(db, result.list.map((g) => g.id));
      // A group may hold hundreds of regions: the list shows how many and the first few names.
      return {
        ...result,
        list: result.list.map((g) => {
          const all = members.get(g.id)!;
          return { ...presentGroup(g), memberCount: all.length, memberNames: all.slice(0, 8).map((m) => m.regionName) };
        }),
      };
    },

    detail: async (id: number) => (await current(db, id)).group,

    add: (input: GroupInput, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        await checkCode(tx, input.groupCode);
        const { regionCodes, ...fields } = input;
        const row = await groupRepo.insert(tx, fields, change.actor);
        const group = withMembers(row, await setMembers(tx, row.id, regionCodes));
        await logRegionChange(tx, change, { action: 'CREATE', entityId: row.id, summary: `新增区划分组「${row.groupName}」（${group.memberCount} 个区划）`, after: group });
        return group;
      }),

    update: (id: number, lockVersion: number, input: GroupInput, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const { row: beforeRow, group: before } = await current(tx, id);
        if (input.groupCode !== beforeRow.groupCode) await checkCode(tx, input.groupCode, id);
        const { regionCodes, ...fields } = input;
        const row = await groupRepo.update(tx, id, lockVersion, fields, change.actor);
        const group = withMembers(row, await setMembers(tx, id, regionCodes));
        await logRegionChange(tx, change, { action: 'UPDATE', entityId: id, summary: `修改区划分组「${row.groupName}」（${group.memberCount} 个区划）`, before, after: group });
        return group;
      }),

    remove: (id: number, lockVersion: number | undefined, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const { row: beforeRow, group: before } = await current(tx, id);
        const after = await groupRepo.softDelete(tx, id, lockVersion, change.actor);
        await groupRepo.replaceMembers(tx, id, []);
        await logRegionChange(tx, change, { action: 'DELETE', entityId: id, summary: `删除区划分组「${beforeRow.groupName}」`, before, after: presentGroup(after) });
      }),
  };
}
export type RegionGroupService = ReturnType<typeof createRegionGroupService>;

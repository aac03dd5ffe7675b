import type { PageParameter, RecordStatus } from '@dandelion/shared';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { prizeRepo, type PrizeFields, type PrizeFilter, type PrizeRow } from './repo';

export const PRIZE_MODULE = 'award:prize';

/** The names of the live editions that open a prize; the edition module answers it (a prize they open may not go). */
export type EditionsOpening = (ex: Executor, prizeId: number) => Promise<string[]>;

const present = (row: PrizeRow) => {
  const { id, ...rest } = row;
  return { prizeId: id, ...rest };
};

/** Prizes the office keeps: unique codes, enable/disable, and no deleting a prize an edition opens. */
export function createPrizeService({ db, editionsOpening }: { db: Db; editionsOpening: EditionsOpening }) {
  async function findLive(ex: Executor, id: number): Promise<PrizeRow> {
    const row = await prizeRepo.findLive(ex, id);
    if (!row) throw errors.notFound('奖种');
    return row;
  }

  const log = (ex: Executor, change: ChangeContext, action: string, entityId: number, summary: string, before: PrizeRow | null, after: PrizeRow | null) =>
    recordOperation(ex, { module: PRIZE_MODULE, action, entityId, summary, before: before && present(before), after: after && present(after), ...change });

  return {
    async page(filter: PrizeFilter, page: PageParameter) {
      const result = await prizeRepo.page(db, filter, page);
      return { ...result, list: result.list.map(present) };
    },

    detail: async (id: number) => present(await findLive(db, id)),

    add: (input: PrizeFields, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const row = await prizeRepo.insert(tx, input, change.actor);
        await log(tx, change, 'CREATE', row.id, `新增奖种「${row.prizeName}」`, null, row);
        return present(row);
      }),

    update: (id: number, lockVersion: number, input: PrizeFields, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await prizeRepo.update(tx, id, lockVersion, input, change.actor);
        await log(tx, change, 'UPDATE', id, `修改奖种「${row.prizeName}」`, before, row);
        return present(row);
      }),

    updateStatus: (id: number, lockVersion: number, status: RecordStatus, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const row = await prizeRepo.update(tx, id, lockVersion, { status }, change.actor);
        await log(tx, change, 'UPDATE', id, `${status === 'NORMAL' ? '启用' : '停用'}奖种「${row.prizeName}」`, before, row);
        return present(row);
      }),

    remove: (id: number, lockVersion: number | undefined, change: ChangeContext) =>
      withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        const editions = await editionsOpening(tx, id);
        if (editions.length) throw errors.conflict(`奖种「${before.prizeName}」已被届次「${editions.join('、')}」开放，请先在届次中取消该奖种再删除`);
        const after = await prizeRepo.softDelete(tx, id, lockVersion, change.actor);
        await log(tx, change, 'DELETE', id, `删除奖种「${before.prizeName}」`, before, after);
      }),
  };
}
export type PrizeService = ReturnType<typeof createPrizeService>;

/** What the edition module reads of prizes: the live ones among ids (to check what an edition opens, and to name them). */
export const prizeDirectory = {
  liveAmong: (ex: Executor, ids: number[]) => prizeRepo.liveAmong(ex, ids),
};

import type { PageParameter, ServerBody } from '@dandelion/shared';
import { validateDefinition, type definitionCalls, type ProcessDefinition, type ProcessDefStatus } from '@dandelion/shared/base/progress';
import { recordOperation, type ChangeContext } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { errors } from '../../../core/errors';
import { withTransaction } from '../../../core/transaction';
import { PROGRESS_MODULE } from './engine';
import * as repo from './repo';

/** What add (with the process code) and update carry. */
export type DefinitionInput = Omit<ServerBody<typeof definitionCalls.update>, 'defId' | 'lockVersion'>;

const present = (row: repo.DefRow) => {
  const { id, definition, ...rest } = row;
  const def = definition as ProcessDefinition;
  return { defId: id, ...rest, status: row.status as ProcessDefStatus, stageCount: def.stages.length, transitionCount: def.transitions.length };
};
const presentFull = (row: repo.DefRow, instanceCount: number) => ({
  ...present(row),
  definition: row.definition as ProcessDefinition,
  problems: validateDefinition(row.definition as ProcessDefinition),
  instanceCount,
});
const label = (row: Pick<repo.DefRow, 'processName' | 'version'>) => `「${row.processName}」v${row.version}`;

/**
 * Process definitions (/rest/progress/definition/*). A code has versions 1, 2, …; only a DRAFT is
 * edited, publishing makes it ACTIVE and retires the previous ACTIVE one, and a published version is
 * never changed again: 新版本 copies it into a new draft. At most one draft per code at a time.
 */
export function createProcessDefinitionService({ db }: { db: Db }) {
  async function findLive(ex: Executor, id: number) {
    const row = await repo.findDef(ex, id);
    if (!row) throw errors.notFound('流程定义');
    return row;
  }
  const requireDraft = (row: repo.DefRow) => {
    if (row.status !== 'DRAFT') throw errors.conflict(`${label(row)}已发布，不能修改；请使用「新版本」复制后修改`);
  };
  const refuseSecondDraft = async (ex: Executor, processCode: string) => {
    const draft = await repo.defOfStatus(ex, processCode, 'DRAFT');
    if (draft) throw errors.conflict(`流程「${draft.processName}」已有草稿 v${draft.version}，请先修改或发布它`);
  };

  return {
    /** One row per code (its newest version matching the filter), with the code's version summary. */
    async page(filter: repo.DefFilter, page: PageParameter) {
      const result = await repo.latestDefPage(db, filter, page);
      const summaries = await repo.codeSummaries(db, result.list.map((r) => r.processCode));
      return {
        ...result,
        list: result.list.map((row) => ({
          ...present(row),
          ...(summaries.get(row.processCode) ?? { versionCount: 1, activeVersion: null, draftVersion: null }),
        })),
      };
    },

    /** Every live version of a code, newest first, with how many instances each has. */
    async versions(processCode: string) {
      const rows = await repo.versionsOf(db, processCode);
      const counts = await repo.instanceCounts(db, rows.map((r) => r.id));
      return rows.map((row) => ({ ...present(row), instanceCount: counts.get(row.id) ?? 0 }));
    },

    /** A version with its stages and transitions, what would stop it being published, and its instance count. */
    async detail(id: number) {
      const row = await findLive(db, id);
      const counts = await repo.instanceCounts(db, [id]);
      return presentFull(row, counts.get(id) ?? 0);
    },

    /** A new process code, as draft version 1. A draft may be incomplete; publishing checks it. */
    async add(input: DefinitionInput & { processCode: string }, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        if (await repo.liveVersionCount(tx, input.processCode)) throw errors.conflict(`流程编码「${input.processCode}」已存在，请更换后重试`);
        const version = (await repo.highestVersion(tx, input.processCode)) + 1;
        const row = await repo.insertDef(tx, { ...input, version, status: 'DRAFT' }, change.actor);
        const after = presentFull(row, 0);
        await recordOperation(tx, { module: PROGRESS_MODULE, action: 'CREATE', entityId: row.id, summary: `新增流程${label(row)}`, after, ...change });
        return after;
      });
    },

    /** Changes a draft (name, remark, stages, transitions) under its lock version. */
    async update(id: number, lockVersion: number, input: DefinitionInput, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.lockVersion !== lockVersion) throw errors.staleVersion();
        requireDraft(before);
        const row = await repo.updateDef(tx, id, lockVersion, input, change.actor);
        const after = presentFull(row, 0);
        await recordOperation(tx, { module: PROGRESS_MODULE, action: 'UPDATE', entityId: id, summary: `修改流程${label(row)}`, before: presentFull(before, 0), after, ...change });
        return after;
      });
    },

    /**
     * Publishes a draft: it becomes ACTIVE and the code's ACTIVE version RETIRED, in one transaction
     * (the partial unique index allows one ACTIVE per code). Running instances stay on their version.
     */
    async publish(id: number, lockVersion: number, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const draft = await findLive(tx, id);
        if (draft.lockVersion !== lockVersion) throw errors.staleVersion();
        if (draft.status !== 'DRAFT') throw errors.conflict(`${label(draft)}不是草稿，不能发布`);
        const problems = validateDefinition(draft.definition as ProcessDefinition);
        if (problems.length) throw errors.badRequest(problems[0], { problems });
        const previous = await repo.defOfStatus(tx, draft.processCode, 'ACTIVE');
        if (previous) {
          const retired = await repo.retireDef(tx, previous.id, change.actor);
          await recordOperation(tx, {
            module: PROGRESS_MODULE, action: 'RETIRE', entityId: previous.id,
            summary: `停用流程${label(previous)}（由 v${draft.version} 取代）`, before: present(previous), after: present(retired), ...change,
          });
        }
        const row = await repo.updateDef(tx, id, lockVersion, { status: 'ACTIVE' }, change.actor);
        const after = presentFull(row, 0);
        await recordOperation(tx, {
          module: PROGRESS_MODULE, action: 'PUBLISH', entityId: id,
          summary: `发布流程${label(row)}${previous ? `，v${previous.version} 停用` : ''}`, before: present(draft), after, ...change,
        });
        return after;
      });
    },

    /** Copies a published version into the code's next draft version. */
    async newVersion(id: number, change: ChangeContext) {
      return withTransaction(db, async (tx) => {
        const source = await findLive(tx, id);
        if (source.status === 'DRAFT') throw errors.conflict(`${label(source)}是草稿，直接修改即可`);
        await refuseSecondDraft(tx, source.processCode);
        const version = (await repo.highestVersion(tx, source.processCode)) + 1;
        const { processCode, processName, remark, definition } = source;
        const row = await repo.insertDef(tx, { processCode, processName, remark, definition, version, status: 'DRAFT' }, change.actor);
        const after = presentFull(row, 0);
        await recordOperation(tx, { module: PROGRESS_MODULE, action: 'CREATE', entityId: row.id, summary: `由 v${source.version} 复制出流程${label(row)}`, after, ...change });
        return after;
      });
    },

    /**
     * Deletes one version. A draft always may go; a published version only while no instance has ever
     * run on it (their history must stay readable). Deleting the ACTIVE version leaves the code with
     * none in force: new starts are refused until another version is published.
     */
    async remove(id: number, lockVersion: number, change: ChangeContext) {
      await withTransaction(db, async (tx) => {
        const before = await findLive(tx, id);
        if (before.lockVersion !== lockVersion) throw errors.staleVersion();
        if (before.status !== 'DRAFT') {
          const used = (await repo.instanceCounts(tx, [id])).get(id) ?? 0;
          if (used) throw errors.conflict(`${label(before)}已有 ${used} 个流程实例，不能删除；可发布新版本取代它`);
        }
        const after = await repo.softDeleteDef(tx, id, lockVersion, change.actor);
        await recordOperation(tx, { module: PROGRESS_MODULE, action: 'DELETE', entityId: id, summary: `删除流程${label(before)}`, before: presentFull(before, 0), after: present(after), ...change });
      });
    },
  };
}
export type ProcessDefinitionService = ReturnType<typeof createProcessDefinitionService>;

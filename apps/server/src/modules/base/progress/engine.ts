import type { z } from 'zod';
import {
  actionsAvailable,
  decideStep,
  START_ACTION,
  startStageOf,
  stageOf,
  TERMINATE_ACTION,
  type availableAction,
  type historyEntry,
  type ProcessDefinition,
  type processInstanceRow,
  type ProcessInstanceStatus,
  type ProcessParticipant,
} from '@dandelion/shared/base/progress';
import { recordOperation } from '../../../core/audit';
import type { Db, Executor } from '../../../core/db';
import { AppError, errors } from '../../../core/errors';
import { auditOf } from '../../../core/records';
import { withTransaction } from '../../../core/transaction';
import * as repo from './repo';

export const PROGRESS_MODULE = 'base:progress';

/**
 * Who acts on a process: identity for the history and the operation log, roles and permission codes
 * for the transition check. The routes build one from the signed-in request.
 */
export interface ProcessActor extends ProcessParticipant {
  id: number;
  /** Sign-in name, written to the audit fields and the operation log. */
  name: string;
  /** Shown in the history; the sign-in name when absent. */
  displayName?: string | null;
  ip?: string | null;
  requestId?: string | null;
}

/** An instance as callers see it: the stored row plus its version and the current stage's name. */
export type ProcessInstanceView = z.output<typeof processInstanceRow>;
export type AvailableAction = z.output<typeof availableAction>;
export type HistoryEntry = z.output<typeof historyEntry>;

/**
 * The holiday calendar's working days, as the engine needs them: the end of the Beijing day that is
 * `days` working days after `from`'s Beijing day (a stage entered on Friday with 1 working day is due
 * at the end of Monday). Asked through the executor the engine runs on: PGlite has one connection,
 * and a read on the database while a transaction is open would wait for that transaction for ever.
 */
export interface WorkingDays {
  dueAfter(ex: Executor, from: Date, days: number): Promise<Date>;
}

export const STATUS_NAMES: Record<string, string> = { RUNNING: '进行中', COMPLETED: '已完成', TERMINATED: '已终止' };
const MAX_COMMENT = 1000;

export interface EngineDeps {
  db: Db;
  workingDays: WorkingDays;
  /** The engine's clock (stage entry times, deadlines, overdue); tests may fix it. */
  clock?: () => Date;
}

/**
 * The process engine: starts instances on a code's ACTIVE version and moves them along its
 * transitions. Every method takes an optional executor; given the caller's transaction, the process
 * moves together with the caller's own record (a declaration and its review step commit or roll back
 * as one).
 */
export function createProcessEngine({ db, workingDays, clock = () => new Date() }: EngineDeps) {
  const definitionOf = (row: repo.DefRow) => row.definition as ProcessDefinition;

  function viewOf(row: repo.InstanceRow, def: repo.DefRow, now = clock()): ProcessInstanceView {
    const definition = definitionOf(def);
    return {
      instanceId: row.id,
      defId: row.defId,
      processCode: row.processCode,
      processName: def.processName,
      version: def.version,
      businessKey: row.businessKey,
      title: row.title,
      currentStage: row.currentStage,
      currentStageName: stageOf(definition, row.currentStage)?.name ?? row.currentStage,
      status: row.status as ProcessInstanceStatus,
      stageEnteredAt: row.stageEnteredAt,
      dueAt: row.dueAt,
      overdue: row.status === 'RUNNING' && row.dueAt !== null && row.dueAt.getTime() < now.getTime(),
      ...auditOf(row),
    };
  }

  async function loadInstance(ex: Executor, instanceId: number) {
    const row = await repo.findInstance(ex, instanceId);
    if (!row) throw errors.notFound('流程实例');
    const def = await repo.findDefEvenDeleted(ex, row.defId);
    if (!def) throw errors.notFound('流程定义');
    return { row, def };
  }

  /** End of the Beijing day `limitDays` working days from today; null when the stage has no limit or ends the process. */
  async function deadlineFor(ex: Executor, definition: ProcessDefinition, stageCode: string, now: Date): Promise<Date | null> {
    const stage = stageOf(definition, stageCode);
    if (!stage || stage.kind === 'end' || !stage.limitDays) return null;
    return workingDays.dueAfter(ex, now, stage.limitDays);
  }

  const actorFields = (actor: ProcessActor) => ({ id: actor.id, name: actor.name });
  const logChange = (actor: ProcessActor) => ({ actor: actorFields(actor), ip: actor.ip ?? null, requestId: actor.requestId ?? null });
  const requireRunning = (row: repo.InstanceRow) => {
    if (row.status !== 'RUNNING') throw errors.conflict(`流程${STATUS_NAMES[row.status] ?? '已结束'}，不能再办理`);
  };
  const checkVersion = (row: repo.InstanceRow, lockVersion: number | undefined) => {
    if (lockVersion !== undefined && lockVersion !== row.lockVersion) throw errors.staleVersion();
  };
  const cleanComment = (comment: string | null | undefined) => {
    const text = comment?.trim() || null;
    if (text && text.length > MAX_COMMENT) throw errors.badRequest(`意见不能超过${MAX_COMMENT}个字符`);
    return text;
  };

  const writeHistory = (ex: Executor, entry: Omit<repo.NewHistory, 'actorId' | 'actorName'>, actor: ProcessActor) =>
    repo.insertHistory(ex, { ...entry, actorId: actor.id, actorName: actor.displayName || actor.name });

  const engine = {
    /**
     * Starts `processCode` for `businessKey` on the code's ACTIVE version, at its start stage.
     * Refuses (409) when the code has no ACTIVE version or the key already has a running instance.
     */
    async start(input: { processCode: string; businessKey: string; title?: string | null; actor: ProcessActor }, ex: Executor = db): Promise<ProcessInstanceView> {
      const { processCode, businessKey, actor } = input;
      const now = clock();
      return withTransaction(ex, async (tx) => {
        const def = await repo.defOfStatus(tx, processCode, 'ACTIVE');
        if (!def) throw errors.conflict(`流程「${processCode}」没有生效的版本，请先发布`);
        const definition = definitionOf(def);
        const start = startStageOf(definition);
        if (!start) throw errors.conflict(`流程「${def.processName}」v${def.version} 没有开始阶段`);
        await repo.lockBusinessKey(tx, businessKey);
        const running = await repo.runningInstanceOf(tx, businessKey);
        if (running) throw errors.conflict(`业务「${businessKey}」已有进行中的流程，不能重复发起`);
        const row = await repo.insertInstance(
          tx,
          {
            defId: def.id,
            processCode,
            businessKey,
            title: input.title?.trim() || null,
            currentStage: start.code,
            status: 'RUNNING',
            stageEnteredAt: now,
            dueAt: await deadlineFor(tx, definition, start.code, now),
          },
          actorFields(actor),
        );
        await writeHistory(tx, { instanceId: row.id, action: START_ACTION, fromStage: null, toStage: start.code, comment: null, createTime: now }, actor);
        const view = viewOf(row, def, now);
        await recordOperation(tx, {
          module: PROGRESS_MODULE,
          action: 'START',
          entityId: row.id,
          summary: `发起流程「${def.processName}」v${def.version}：${businessKey}`,
          after: view,
          ...logChange(actor),
        });
        return view;
      });
    },

    /** The actions `who` may take on the instance now (none once it has ended). */
    async availableActions(instance: number | ProcessInstanceView, who: ProcessParticipant, ex: Executor = db): Promise<AvailableAction[]> {
      const instanceId = typeof instance === 'number' ? instance : instance.instanceId;
      const { row, def } = await loadInstance(ex, instanceId);
      if (row.status !== 'RUNNING') return [];
      const definition = definitionOf(def);
      return actionsAvailable(definition, row.currentStage, who).map((t) => ({
        action: t.action,
        label: t.label,
        to: t.to,
        toName: stageOf(definition, t.to)?.name ?? t.to,
        commentRequired: t.commentRequired,
      }));
    },

    /**
     * Takes `action` at the instance's current stage: checks the actor may, moves the stage, sets the
     * new stage's deadline, completes the instance on an end stage and writes the history. Two people
     * acting at once cannot both move the same stage: the update is conditional on the lock version
     * read here (and on the caller's, when given), so the second one gets 409.
     */
    async act(
      input: { instanceId: number; action: string; comment?: string | null; lockVersion?: number; actor: ProcessActor },
      ex: Executor = db,
    ): Promise<ProcessInstanceView> {
      const { instanceId, action, actor } = input;
      const comment = cleanComment(input.comment);
      const now = clock();
      return withTransaction(ex, async (tx) => {
        const { row, def } = await loadInstance(tx, instanceId);
        checkVersion(row, input.lockVersion);
        requireRunning(row);
        const definition = definitionOf(def);
        const step = decideStep(definition, row.currentStage, action, comment, actor);
        if (!step.ok) throw new AppError(step.reason === 'NOT_ALLOWED' ? 403 : 400, step.reason === 'NOT_ALLOWED' ? '403' : '400', step.message);
        const updated = await repo.updateInstance(
          tx,
          row.id,
          row.lockVersion,
          {
            currentStage: step.to.code,
            status: step.completes ? 'COMPLETED' : 'RUNNING',
            stageEnteredAt: now,
            dueAt: await deadlineFor(tx, definition, step.to.code, now),
          },
          actorFields(actor),
        );
        await writeHistory(tx, { instanceId: row.id, action, fromStage: row.currentStage, toStage: step.to.code, comment, createTime: now }, actor);
        const before = viewOf(row, def, now);
        const after = viewOf(updated, def, now);
        await recordOperation(tx, {
          module: PROGRESS_MODULE,
          action: 'ACT',
          entityId: row.id,
          summary: `${row.businessKey}：${before.currentStageName} —${step.transition.label}→ ${after.currentStageName}`,
          before,
          after: { ...after, comment },
          ...logChange(actor),
        });
        return after;
      });
    },

    /** Ends a running instance where it stands, with a reason (kept in the history). */
    async terminate(input: { instanceId: number; reason: string; lockVersion?: number; actor: ProcessActor }, ex: Executor = db): Promise<ProcessInstanceView> {
      const reason = cleanComment(input.reason);
      if (!reason) throw errors.badRequest('请填写终止原因');
      const now = clock();
      return withTransaction(ex, async (tx) => {
        const { row, def } = await loadInstance(tx, input.instanceId);
        checkVersion(row, input.lockVersion);
        requireRunning(row);
        const updated = await repo.updateInstance(tx, row.id, row.lockVersion, { status: 'TERMINATED', dueAt: null }, actorFields(input.actor));
        await writeHistory(tx, { instanceId: row.id, action: TERMINATE_ACTION, fromStage: row.currentStage, toStage: row.currentStage, comment: reason, createTime: now }, input.actor);
        const after = viewOf(updated, def, now);
        await recordOperation(tx, {
          module: PROGRESS_MODULE,
          action: 'TERMINATE',
          entityId: row.id,
          summary: `终止流程「${def.processName}」：${row.businessKey}（${reason.slice(0, 100)}）`,
          before: viewOf(row, def, now),
          after: { ...after, reason },
          ...logChange(input.actor),
        });
        return after;
      });
    },

    /** Every step of the instance, oldest first, with stage and action names from its version. */
    async history(instanceId: number, ex: Executor = db): Promise<HistoryEntry[]> {
      const { def } = await loadInstance(ex, instanceId);
      const definition = definitionOf(def);
      const stageName = (code: string | null) => (code === null ? null : (stageOf(definition, code)?.name ?? code));
      const labelOf = (from: string | null, action: string) => {
        if (action === START_ACTION) return '发起';
        if (action === TERMINATE_ACTION) return '终止';
        return definition.transitions.find((t) => t.from === from && t.action === action)?.label ?? action;
      };
      return (await repo.historyOf(ex, instanceId)).map((h) => ({
        historyId: h.id,
        action: h.action,
        actionLabel: labelOf(h.fromStage, h.action),
        fromStage: h.fromStage,
        fromStageName: stageName(h.fromStage),
        toStage: h.toStage,
        toStageName: stageName(h.toStage)!,
        comment: h.comment,
        actorId: h.actorId,
        actorName: h.actorName,
        createTime: h.createTime,
      }));
    },

    /** The instance, by id. */
    async instance(instanceId: number, ex: Executor = db): Promise<ProcessInstanceView> {
      const { row, def } = await loadInstance(ex, instanceId);
      return viewOf(row, def);
    },

    /** The running instance of a business key, else its most recent one; null when it never had one. */
    async instanceOf(businessKey: string, ex: Executor = db): Promise<ProcessInstanceView | null> {
      const row = await repo.currentInstanceOf(ex, businessKey);
      if (!row) return null;
      const def = await repo.findDefEvenDeleted(ex, row.defId);
      return def ? viewOf(row, def) : null;
    },

    /** The definition (stages and transitions) an instance runs on, for diagrams. */
    async definitionOfInstance(instanceId: number, ex: Executor = db): Promise<ProcessDefinition> {
      const { def } = await loadInstance(ex, instanceId);
      return definitionOf(def);
    },

    /** Builds views for rows already loaded (lists). */
    viewsOf(rows: repo.InstanceRow[], defs: Map<number, repo.DefRow>): ProcessInstanceView[] {
      const now = clock();
      return rows.flatMap((row) => {
        const def = defs.get(row.defId);
        return def ? [viewOf(row, def, now)] : [];
      });
    },
    clock,
  };
  return engine;
}
export type ProcessEngine = ReturnType<typeof createProcessEngine>;

/**
 * Process definitions and instances (spec §2 /base/progress; the spec names no calls, /rest/progress/*
 * are ours in its style): the shape both sides agree on, the pure rules of the engine — definition
 * validation, who may take a transition, where an action leads — and the calls. The server stores
 * and enforces them; the console's editor runs the same validation live.
 */
import { z } from 'zod';
import { defineCall, permissionsOf } from '../contract';
import { auditFields, zLockVersion, zRemark } from '../records';
import { pageOf, zDateTime, zId, zPageParameter } from '../schemas';

export const PROGRESS_PERMISSIONS = permissionsOf('base:progress', ['list', 'add', 'upd', 'del', 'publish', 'instance']);

export const STAGE_KINDS = ['start', 'normal', 'end'] as const;
export type StageKind = (typeof STAGE_KINDS)[number];
export const STAGE_KIND_LABELS: Readonly<Record<StageKind, string>> = { start: '开始', normal: '办理', end: '结束' };

export const PROCESS_DEF_STATUSES = ['DRAFT', 'ACTIVE', 'RETIRED'] as const;
export type ProcessDefStatus = (typeof PROCESS_DEF_STATUSES)[number];
export const PROCESS_DEF_STATUS_LABELS: Readonly<Record<ProcessDefStatus, string>> = { DRAFT: '草稿', ACTIVE: '生效中', RETIRED: '已停用' };

export const PROCESS_INSTANCE_STATUSES = ['RUNNING', 'COMPLETED', 'TERMINATED'] as const;
export type ProcessInstanceStatus = (typeof PROCESS_INSTANCE_STATUSES)[number];
export const PROCESS_INSTANCE_STATUS_LABELS: Readonly<Record<ProcessInstanceStatus, string>> = {
  RUNNING: '进行中',
  COMPLETED: '已完成',
  TERMINATED: '已终止',
};

/** History actions the engine writes itself; a definition may not use them as action codes. */
export const START_ACTION = 'START';
export const TERMINATE_ACTION = 'TERMINATE';
export const RESERVED_ACTIONS: readonly string[] = [START_ACTION, TERMINATE_ACTION];

export const MAX_STAGES = 50;
export const MAX_TRANSITIONS = 200;
/** Longest time limit a stage may have: two years of working days. */
export const MAX_LIMIT_DAYS = 500;

export interface ProcessStage {
  code: string;
  name: string;
  kind: StageKind;
  /** Time limit in working days (holiday calendar); null when the stage has none. */
  limitDays: number | null;
}

export interface ProcessTransition {
  from: string;
  to: string;
  /** Code of the action, unique among the actions leaving `from` (e.g. PASS, RETURN). */
  action: string;
  /** What the button says (通过, 退回, 驳回). */
  label: string;
  /** Holders of any of these roles may act … */
  roles: string[];
  /** … and so may holders of any of these permission codes. */
  permissions: string[];
  commentRequired: boolean;
}

export interface ProcessDefinition {
  stages: ProcessStage[];
  transitions: ProcessTransition[];
}

export const PROCESS_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
export const PROCESS_CODE_MESSAGE = '流程编码只能包含字母、数字和下划线，且以字母开头';
const STAGE_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const ROLE_CODE_PATTERN = /^[A-Za-z0-9_]+$/;
/** The server's permission-code shape (module:feature:action[:end]). */
const PERMISSION_CODE_PATTERN = /^[a-z][a-zA-Z0-9]*(:[a-zA-Z0-9]+){1,3}$/;

const text = (what: string, max: number) =>
  z.string({ error: `请输入${what}` }).trim().max(max, `${what}不能超过${max}个字符`);
const codeList = (what: string) =>
  z
    .array(z.string({ error: `${what}必须是文本` }).trim().max(64, `${what}不能超过64个字符`), { error: `${what}必须是列表` })
    .max(20, `${what}最多20个`)
    .default([]);

/**
 * The shape of a definition. Only types and lengths are checked here; the rules that need the whole
 * graph (and name the stage or action at fault) are in `validateDefinition`.
 */
export const processDefinitionSchema = z.object(
  {
    stages: z
      .array(
        z.object({
          code: text('阶段编码', 64),
          name: text('阶段名称', 32),
          kind: z.enum(STAGE_KINDS, { error: '阶段类型只能是 start、normal 或 end' }),
          limitDays: z.number({ error: '时限必须是数字（工作日）' }).nullish().transform((v) => v ?? null),
        }),
        { error: '请添加阶段' },
      )
      .max(MAX_STAGES, `阶段最多${MAX_STAGES}个`),
    transitions: z
      .array(
        z.object({
          from: text('起始阶段', 64),
          to: text('目标阶段', 64),
          action: text('动作编码', 64),
          label: text('动作名称', 16),
          roles: codeList('角色编码'),
          permissions: codeList('权限码'),
          commentRequired: z.boolean({ error: '是否必填意见必须是布尔值' }).default(false),
        }),
        { error: '请添加动作' },
      )
      .max(MAX_TRANSITIONS, `动作最多${MAX_TRANSITIONS}个`),
  },
  { error: '请填写流程定义' },
);

const stageLabel = (stage: Pick<ProcessStage, 'code' | 'name'>) => `「${stage.name || stage.code}」`;

/**
 * Everything wrong with a definition, as messages a user can act on, in a stable order (stages,
 * then actions, then the graph). Empty when the definition can be published.
 */
export function validateDefinition(def: ProcessDefinition): string[] {
  const problems: string[] = [];
  const { stages, transitions } = def;
  if (stages.length === 0) return ['请至少添加一个开始阶段和一个结束阶段'];

  // ── stages ──
  const byCode = new Map<string, ProcessStage>();
  const reported = new Set<string>();
  for (const stage of stages) {
    if (!stage.code) problems.push(`阶段${stageLabel(stage)}缺少编码`);
    else if (!STAGE_CODE_PATTERN.test(stage.code)) problems.push(`阶段编码「${stage.code}」只能包含字母、数字和下划线，且以字母开头`);
    if (!stage.name) problems.push(`阶段「${stage.code}」缺少名称`);
    if (byCode.has(stage.code)) {
      if (stage.code && !reported.has(stage.code)) problems.push(`阶段编码「${stage.code}」重复`);
      reported.add(stage.code);
    } else byCode.set(stage.code, stage);
    if (stage.limitDays !== null) {
      if (stage.kind === 'end') problems.push(`结束阶段${stageLabel(stage)}不能设置时限`);
      else if (!Number.isInteger(stage.limitDays) || stage.limitDays < 1 || stage.limitDays > MAX_LIMIT_DAYS) {
        problems.push(`阶段${stageLabel(stage)}的时限必须是 1 到 ${MAX_LIMIT_DAYS} 之间的整数（工作日）`);
      }
    }
  }
  const starts = stages.filter((s) => s.kind === 'start');
  if (starts.length !== 1) problems.push(starts.length === 0 ? '必须有一个开始阶段' : `只能有一个开始阶段，当前有 ${starts.length} 个`);
  if (!stages.some((s) => s.kind === 'end')) problems.push('至少需要一个结束阶段');

  // ── transitions ──
  const actionsOf = new Map<string, Set<string>>();
  transitions.forEach((t, index) => {
    const name = t.label || t.action ? `动作「${t.label || t.action}」` : `第 ${index + 1} 个动作`;
    const from = byCode.get(t.from);
    const to = byCode.get(t.to);
    if (!from) problems.push(`${name}的起始阶段「${t.from}」不存在`);
    if (!to) problems.push(`${name}的目标阶段「${t.to}」不存在`);
    if (from && t.from === t.to) problems.push(`${name}的起始阶段和目标阶段都是${stageLabel(from)}`);
    if (from?.kind === 'end') problems.push(`结束阶段${stageLabel(from)}不能有流出动作（${name}）`);
    if (!t.action) problems.push(`${name}缺少动作编码`);
    else if (!STAGE_CODE_PATTERN.test(t.action)) problems.push(`动作编码「${t.action}」只能包含字母、数字和下划线，且以字母开头`);
    else if (RESERVED_ACTIONS.includes(t.action.toUpperCase())) problems.push(`动作编码「${t.action}」是系统保留的，请换一个`);
    if (!t.label) problems.push(`${t.action ? `动作「${t.action}」` : name}缺少名称`);
    if (t.action && from) {
      const seen = actionsOf.get(t.from) ?? new Set<string>();
      if (seen.has(t.action)) problems.push(`阶段${stageLabel(from)}的动作编码「${t.action}」重复`);
      seen.add(t.action);
      actionsOf.set(t.from, seen);
    }
    if (t.roles.length === 0 && t.permissions.length === 0) problems.push(`${name}没有指定可办理的角色或权限`);
    for (const role of t.roles) if (!ROLE_CODE_PATTERN.test(role)) problems.push(`${name}的角色编码「${role}」格式不正确`);
    for (const code of t.permissions) if (!PERMISSION_CODE_PATTERN.test(code)) problems.push(`${name}的权限码「${code}」格式不正确（应如 declare:audit:pass）`);
  });

  // ── the graph: only meaningful once the stages and their references are sound ──
  const sound = transitions.every((t) => byCode.has(t.from) && byCode.has(t.to));
  if (starts.length === 1 && byCode.size === stages.length && sound) {
    const valid = transitions;
    const reachable = reach(starts[0]!.code, valid, 'forward');
    const ends = stages.filter((s) => s.kind === 'end').map((s) => s.code);
    const leadsToEnd = new Set(ends.flatMap((e) => [...reach(e, valid, 'backward')]));
    for (const stage of stages) {
      if (!reachable.has(stage.code)) problems.push(`阶段${stageLabel(stage)}从开始阶段无法到达`);
      if (stage.kind === 'end') continue;
      if (!valid.some((t) => t.from === stage.code)) problems.push(`阶段${stageLabel(stage)}没有流出动作，流程会停在这里`);
      else if (ends.length && !leadsToEnd.has(stage.code)) problems.push(`阶段${stageLabel(stage)}无法到达任何结束阶段`);
    }
  }
  return problems;
}

/** The stages reachable from `origin` following transitions forwards (or backwards), origin included. */
function reach(origin: string, transitions: readonly ProcessTransition[], direction: 'forward' | 'backward'): Set<string> {
  const seen = new Set([origin]);
  const queue = [origin];
  while (queue.length) {
    const at = queue.shift()!;
    for (const t of transitions) {
      const [here, next] = direction === 'forward' ? [t.from, t.to] : [t.to, t.from];
      if (here === at && !seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  return seen;
}

/** Who is asking to act: the signed-in principal's roles and permission codes. */
export interface ProcessParticipant {
  roleCodes: readonly string[];
  permissions: ReadonlySet<string> | readonly string[];
  /** Holders of ADMIN hold every role and permission here too. */
  isSuperAdmin: boolean;
}

/** May `who` take `transition`? Any one of its roles or permission codes is enough; ADMIN always may. */
export function mayTake(transition: Pick<ProcessTransition, 'roles' | 'permissions'>, who: ProcessParticipant): boolean {
  if (who.isSuperAdmin) return true;
  const held = who.permissions instanceof Set ? who.permissions : new Set(who.permissions as readonly string[]);
  return transition.roles.some((r) => who.roleCodes.includes(r)) || transition.permissions.some((p) => held.has(p));
}

export const stageOf = (def: ProcessDefinition, code: string): ProcessStage | undefined => def.stages.find((s) => s.code === code);
export const startStageOf = (def: ProcessDefinition): ProcessStage | undefined => def.stages.find((s) => s.kind === 'start');
export const transitionsFrom = (def: ProcessDefinition, stage: string): ProcessTransition[] => def.transitions.filter((t) => t.from === stage);

/** The actions `who` may take at `stage`, in the definition's order. */
export function actionsAvailable(def: ProcessDefinition, stage: string, who: ProcessParticipant): ProcessTransition[] {
  return transitionsFrom(def, stage).filter((t) => mayTake(t, who));
}

/** Why an action cannot be taken, or where it leads. */
export type StepDecision =
  | { ok: true; transition: ProcessTransition; to: ProcessStage; completes: boolean }
  | { ok: false; reason: 'NO_SUCH_ACTION' | 'NOT_ALLOWED' | 'COMMENT_REQUIRED'; message: string };

/**
 * The next step of an instance at `stage` when `who` takes `action` with `comment`: the rules of
 * `act` without the database (the engine adds the instance's status and the concurrency check).
 */
export function decideStep(def: ProcessDefinition, stage: string, action: string, comment: string | null | undefined, who: ProcessParticipant): StepDecision {
  const here = stageOf(def, stage);
  const transition = transitionsFrom(def, stage).find((t) => t.action === action);
  const to = transition && stageOf(def, transition.to);
  if (!transition || !to) return { ok: false, reason: 'NO_SUCH_ACTION', message: `当前阶段「${here?.name ?? stage}」没有动作「${action}」` };
  if (!mayTake(transition, who)) return { ok: false, reason: 'NOT_ALLOWED', message: `您没有在「${here?.name ?? stage}」办理「${transition.label}」的权限` };
  if (transition.commentRequired && !comment?.trim()) return { ok: false, reason: 'COMMENT_REQUIRED', message: `「${transition.label}」必须填写意见` };
  return { ok: true, transition, to, completes: to.kind === 'end' };
}

// ── the calls ──

export const zProcessCode = z
  .string({ error: '请输入流程编码' })
  .trim()
  .min(1, '请输入流程编码')
  .max(64, '流程编码不能超过64个字符')
  .regex(PROCESS_CODE_PATTERN, PROCESS_CODE_MESSAGE);

/** Fields of add and update (add also names the process code). */
export const definitionBody = z.object({
  processName: z.string({ error: '请输入流程名称' }).trim().min(1, '请输入流程名称').max(64, '流程名称不能超过64个字符'),
  remark: zRemark,
  definition: processDefinitionSchema,
});

const stageOut = z.object({ code: z.string(), name: z.string(), kind: z.enum(STAGE_KINDS), limitDays: z.number().nullable() });
const transitionOut = z.object({
  from: z.string(),
  to: z.string(),
  action: z.string(),
  label: z.string(),
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  commentRequired: z.boolean(),
});
const definitionOut = z.object({ stages: z.array(stageOut), transitions: z.array(transitionOut) });

/** One version of a process, without its stages and transitions. */
export const definitionSummary = z.object({
  defId: zId,
  processCode: z.string(),
  processName: z.string(),
  version: z.number(),
  status: z.enum(PROCESS_DEF_STATUSES),
  remark: z.string().nullable(),
  stageCount: z.number(),
  transitionCount: z.number(),
  ...auditFields,
});
/** A version with its stages and transitions, what stops it being published, and its instance count. */
export const definitionDetail = definitionSummary.extend({ definition: definitionOut, problems: z.array(z.string()), instanceCount: z.number() });

export const processInstanceRow = z.object({
  instanceId: zId,
  defId: zId,
  processCode: z.string(),
  processName: z.string(),
  version: z.number(),
  businessKey: z.string(),
  title: z.string().nullable(),
  currentStage: z.string(),
  currentStageName: z.string(),
  status: z.enum(PROCESS_INSTANCE_STATUSES),
  stageEnteredAt: zDateTime,
  dueAt: zDateTime.nullable(),
  /** Running and past the current stage's deadline. */
  overdue: z.boolean(),
  ...auditFields,
});

/** An action the asking user may take on an instance now. */
export const availableAction = z.object({ action: z.string(), label: z.string(), to: z.string(), toName: z.string(), commentRequired: z.boolean() });

/** One step of an instance's history. */
export const historyEntry = z.object({
  historyId: zId,
  action: z.string(),
  actionLabel: z.string(),
  fromStage: z.string().nullable(),
  fromStageName: z.string().nullable(),
  toStage: z.string(),
  toStageName: z.string(),
  comment: z.string().nullable(),
  actorId: zId.nullable(),
  actorName: z.string().nullable(),
  createTime: zDateTime,
});

const DEF_TAG = '流程定义';
const INSTANCE_TAG = '流程实例';
const byDefId = z.object({ defId: zId });
const byInstanceId = z.object({ instanceId: zId });
const comment = z.string({ error: '意见必须是文本' }).max(1000, '意见不能超过1000个字符').nullish();

/** Process definitions: versions by process code, drafts edited and published. */
export const definitionCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/page',
    access: PROGRESS_PERMISSIONS.list,
    tag: DEF_TAG,
    summary: '流程定义分页：每个流程编码一行（符合条件的最新版本），附版本数、生效版本和草稿版本',
    body: z.object({
      pageParameter: zPageParameter,
      processCode: z.string().trim().max(64).optional(),
      processName: z.string().trim().max(64).optional(),
      status: z.enum(PROCESS_DEF_STATUSES, { error: '状态只能是 DRAFT、ACTIVE 或 RETIRED' }).optional(),
    }),
    response: pageOf(definitionSummary.extend({ versionCount: z.number(), activeVersion: z.number().nullable(), draftVersion: z.number().nullable() })),
  }),
  versions: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/versions',
    access: PROGRESS_PERMISSIONS.list,
    tag: DEF_TAG,
    summary: '一个流程编码的全部版本（新的在前），附各版本的实例数',
    body: z.object({ processCode: zProcessCode }),
    response: z.array(definitionSummary.extend({ instanceCount: z.number() })),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/detail',
    access: PROGRESS_PERMISSIONS.list,
    tag: DEF_TAG,
    summary: '流程定义详情：阶段、动作、发布前需要解决的问题（problems）和实例数',
    body: byDefId,
    response: definitionDetail,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/add',
    access: PROGRESS_PERMISSIONS.add,
    tag: DEF_TAG,
    summary: '新增流程（草稿 v1）；流程编码唯一。草稿可以不完整，发布时校验',
    body: definitionBody.extend({ processCode: zProcessCode }),
    response: definitionDetail,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/update',
    access: PROGRESS_PERMISSIONS.upd,
    tag: DEF_TAG,
    summary: '修改草稿版本（乐观锁：lockVersion 过期返回 409；已发布的版本不能修改）',
    body: definitionBody.extend({ defId: zId, lockVersion: zLockVersion }),
    response: definitionDetail,
  }),
  publish: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/publish',
    access: PROGRESS_PERMISSIONS.publish,
    tag: DEF_TAG,
    summary: '发布草稿：校验通过后生效，原生效版本停用（同一事务）；运行中的实例留在原版本',
    body: byDefId.extend({ lockVersion: zLockVersion }),
    response: definitionDetail,
  }),
  newVersion: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/newVersion',
    access: PROGRESS_PERMISSIONS.add,
    tag: DEF_TAG,
    summary: '新版本：把已发布（生效或停用）的版本复制为下一个草稿版本；每个流程同时只能有一个草稿',
    body: byDefId,
    response: definitionDetail,
  }),
  remove: defineCall({
    method: 'POST',
    path: '/rest/progress/definition/delete',
    access: PROGRESS_PERMISSIONS.del,
    tag: DEF_TAG,
    summary: '删除一个版本（逻辑删除）：草稿随时可删；已发布的版本只在没有任何实例时可删',
    body: byDefId.extend({ lockVersion: zLockVersion }),
    response: z.null(),
  }),
};

/**
 * Process instances in the console. Business modules (declarations, expert review) call the engine
 * in-process inside their own transactions; these calls serve administrators and integrations.
 */
export const instanceCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/progress/instance/page',
    access: PROGRESS_PERMISSIONS.instance,
    tag: INSTANCE_TAG,
    summary: '流程实例分页（新发起的在前）：按流程、状态、业务标识、标题、是否超期筛选',
    body: z.object({
      pageParameter: zPageParameter,
      processCode: z.string().trim().max(64).optional(),
      status: z.enum(PROCESS_INSTANCE_STATUSES, { error: '状态只能是 RUNNING、COMPLETED 或 TERMINATED' }).optional(),
      businessKey: z.string().trim().max(128).optional(),
      title: z.string().trim().max(256).optional(),
      overdue: z.boolean({ error: '是否超期必须是布尔值' }).optional(),
    }),
    response: pageOf(processInstanceRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/progress/instance/detail',
    access: PROGRESS_PERMISSIONS.instance,
    tag: INSTANCE_TAG,
    summary: '流程实例详情：实例、所用版本的阶段与动作（画流程图）、办理历史',
    body: byInstanceId,
    response: z.object({ instance: processInstanceRow, definition: definitionOut, history: z.array(historyEntry) }),
  }),
  actions: defineCall({
    method: 'POST',
    path: '/rest/progress/instance/actions',
    access: PROGRESS_PERMISSIONS.instance,
    tag: INSTANCE_TAG,
    summary: '当前用户在当前阶段可办理的动作（按动作的角色和权限码判断，ADMIN 可办理全部）',
    body: byInstanceId,
    response: z.array(availableAction),
  }),
  start: defineCall({
    method: 'POST',
    path: '/rest/progress/instance/start',
    access: PROGRESS_PERMISSIONS.instance,
    tag: INSTANCE_TAG,
    summary: '发起流程：在该流程的生效版本上、从开始阶段发起；同一业务标识只能有一个进行中的实例',
    body: z.object({
      processCode: zProcessCode,
      businessKey: z.string({ error: '请输入业务标识' }).trim().min(1, '请输入业务标识').max(128, '业务标识不能超过128个字符'),
      title: z.string().trim().max(256, '标题不能超过256个字符').nullish(),
    }),
    response: processInstanceRow,
  }),
  act: defineCall({
    method: 'POST',
    path: '/rest/progress/instance/act',
    access: PROGRESS_PERMISSIONS.instance,
    tag: INSTANCE_TAG,
    summary: '办理：在当前阶段执行一个动作（需持有动作的角色或权限码）；lockVersion 过期或他人已办理返回 409',
    body: byInstanceId.extend({ action: z.string({ error: '请选择动作' }).trim().min(1, '请选择动作').max(64), comment, lockVersion: zLockVersion }),
    response: processInstanceRow,
  }),
  terminate: defineCall({
    method: 'POST',
    path: '/rest/progress/instance/terminate',
    access: PROGRESS_PERMISSIONS.instance,
    tag: INSTANCE_TAG,
    summary: '终止进行中的流程（须填写原因，记入办理历史）',
    body: byInstanceId.extend({ reason: z.string({ error: '请填写终止原因' }).max(1000, '终止原因不能超过1000个字符'), lockVersion: zLockVersion }),
    response: processInstanceRow,
  }),
};

import { describe, expect, it } from 'vitest';
import {
  actionsAvailable,
  decideStep,
  mayTake,
  processDefinitionSchema,
  startStageOf,
  validateDefinition,
  type ProcessDefinition,
  type ProcessStage,
  type ProcessTransition,
} from './progress';

const stage = (code: string, name: string, kind: ProcessStage['kind'] = 'normal', limitDays: number | null = null): ProcessStage => ({ code, name, kind, limitDays });
const step = (from: string, to: string, action: string, label: string, extra: Partial<ProcessTransition> = {}): ProcessTransition => ({
  from, to, action, label, roles: ['REVIEWER'], permissions: [], commentRequired: false, ...extra,
});

/** 草稿 → 审核 → 完成, with 退回 from 审核 to 草稿. */
const simple = (): ProcessDefinition => ({
  stages: [stage('DRAFT', '草稿', 'start'), stage('AUDIT', '审核', 'normal', 3), stage('DONE', '完成', 'end')],
  transitions: [
    step('DRAFT', 'AUDIT', 'SUBMIT', '提交', { roles: ['APPLICANT'] }),
    step('AUDIT', 'DONE', 'PASS', '通过'),
    step('AUDIT', 'DRAFT', 'RETURN', '退回', { commentRequired: true, permissions: ['declare:audit:return'] }),
  ],
});
const withDef = (change: (def: ProcessDefinition) => void) => {
  const def = simple();
  change(def);
  return validateDefinition(def);
};

describe('validateDefinition', () => {
  it('accepts a sound definition', () => {
    expect(validateDefinition(simple())).toEqual([]);
  });

  it('refuses an empty one', () => {
    expect(validateDefinition({ stages: [], transitions: [] })).toEqual(['请至少添加一个开始阶段和一个结束阶段']);
  });

  it('wants unique, well-formed stage codes and names', () => {
    expect(withDef((d) => d.stages.push(stage('AUDIT', '复审')))).toContain('阶段编码「AUDIT」重复');
    expect(withDef((d) => (d.stages[1]!.code = '审 核'))).toContain('阶段编码「审 核」只能包含字母、数字和下划线，且以字母开头');
    expect(withDef((d) => (d.stages[1]!.name = ''))).toContain('阶段「AUDIT」缺少名称');
  });

  it('wants exactly one start stage', () => {
    expect(withDef((d) => (d.stages[0]!.kind = 'normal'))).toContain('必须有一个开始阶段');
    expect(withDef((d) => (d.stages[1]!.kind = 'start'))).toContain('只能有一个开始阶段，当前有 2 个');
  });

  it('wants at least one end stage', () => {
    expect(withDef((d) => (d.stages[2]!.kind = 'normal'))).toContain('至少需要一个结束阶段');
  });

  it('wants limits as whole numbers of working days from 1, and none on an end stage', () => {
    for (const bad of [0, -2, 1.5, 501]) {
      expect(withDef((d) => (d.stages[1]!.limitDays = bad)), String(bad)).toEqual(['阶段「审核」的时限必须是 1 到 500 之间的整数（工作日）']);
    }
    expect(withDef((d) => (d.stages[1]!.limitDays = 1))).toEqual([]);
    expect(withDef((d) => (d.stages[2]!.limitDays = 2))).toEqual(['结束阶段「完成」不能设置时限']);
  });

  it('wants transitions to name existing stages', () => {
    // The graph is left alone until the references are sound, so the one mistake is said once.
    expect(withDef((d) => (d.transitions[1]!.to = 'GONE'))).toEqual(['动作「通过」的目标阶段「GONE」不存在']);
    expect(withDef((d) => (d.transitions[1]!.from = 'NOWHERE'))).toEqual(['动作「通过」的起始阶段「NOWHERE」不存在']);
  });

  it('refuses a transition back into its own stage', () => {
    expect(withDef((d) => d.transitions.push(step('AUDIT', 'AUDIT', 'WAIT', '暂缓')))).toEqual(['动作「暂缓」的起始阶段和目标阶段都是「审核」']);
  });

  it('refuses transitions out of an end stage', () => {
    expect(withDef((d) => d.transitions.push(step('DONE', 'AUDIT', 'REOPEN', '重开')))).toEqual(['结束阶段「完成」不能有流出动作（动作「重开」）']);
  });

  it('wants unique action codes per stage, but the same code may leave two stages', () => {
    expect(withDef((d) => d.transitions.push(step('AUDIT', 'DRAFT', 'PASS', '驳回')))).toEqual(['阶段「审核」的动作编码「PASS」重复']);
    expect(withDef((d) => (d.transitions[0]!.action = 'PASS'))).toEqual([]);
  });

  it('wants well-formed, unreserved action codes with a name', () => {
    expect(withDef((d) => (d.transitions[1]!.action = 'start'))).toEqual(['动作编码「start」是系统保留的，请换一个']);
    expect(withDef((d) => (d.transitions[1]!.action = '通过'))).toEqual(['动作编码「通过」只能包含字母、数字和下划线，且以字母开头']);
    expect(withDef((d) => (d.transitions[1]!.label = ''))).toEqual(['动作「PASS」缺少名称']);
    const blank = withDef((d) => d.transitions.push({ ...d.transitions[1]!, action: '', label: '' }));
    expect(blank).toEqual(['第 4 个动作缺少动作编码', '第 4 个动作缺少名称']);
  });

  it('wants someone who may act on each transition, with well-formed codes', () => {
    expect(withDef((d) => (d.transitions[1]!.roles = []))).toEqual(['动作「通过」没有指定可办理的角色或权限']);
    expect(withDef((d) => (d.transitions[1]!.roles = ['审核员']))).toEqual(['动作「通过」的角色编码「审核员」格式不正确']);
    expect(withDef((d) => (d.transitions[1]!.permissions = ['audit']))).toEqual(['动作「通过」的权限码「audit」格式不正确（应如 declare:audit:pass）']);
  });

  it('wants every stage reachable from the start', () => {
    expect(withDef((d) => d.stages.push(stage('ORPHAN', '孤立', 'end')))).toEqual(['阶段「孤立」从开始阶段无法到达']);
  });

  it('wants a way out of every stage that is not an end', () => {
    const problems = withDef((d) => {
      d.stages.push(stage('HOLD', '暂存'));
      d.transitions.push(step('AUDIT', 'HOLD', 'HOLD', '暂存'));
    });
    expect(problems).toEqual(['阶段「暂存」没有流出动作，流程会停在这里']);
  });

  it('wants every stage to lead to an end, not into a loop with no exit', () => {
    const problems = withDef((d) => {
      d.stages.push(stage('A', '甲'), stage('B', '乙'));
      d.transitions.push(step('AUDIT', 'A', 'SIDE', '转办'), step('A', 'B', 'GO', '下一步'), step('B', 'A', 'BACK', '回到甲'));
    });
    expect(problems).toEqual(['阶段「甲」无法到达任何结束阶段', '阶段「乙」无法到达任何结束阶段']);
  });

  it('leaves the graph alone while stage references are broken, so each problem is said once', () => {
    expect(withDef((d) => d.stages.push(stage('DRAFT', '草稿二')))).toEqual(['阶段编码「DRAFT」重复']);
  });
});

describe('processDefinitionSchema', () => {
  it('fills defaults and nulls a missing limit', () => {
    const parsed = processDefinitionSchema.parse({
      stages: [{ code: ' A ', name: '甲', kind: 'start' }],
      transitions: [{ from: 'A', to: 'B', action: 'GO', label: '走' }],
    });
    expect(parsed.stages[0]).toEqual({ code: 'A', name: '甲', kind: 'start', limitDays: null });
    expect(parsed.transitions[0]).toMatchObject({ roles: [], permissions: [], commentRequired: false });
  });

  it('refuses wrong types with Chinese messages', () => {
    const bad = processDefinitionSchema.safeParse({ stages: [{ code: 'A', name: '甲', kind: 'begin' }], transitions: [] });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('阶段类型只能是 start、normal 或 end');
    const long = processDefinitionSchema.safeParse({ stages: [{ code: 'A', name: '名'.repeat(33), kind: 'start' }], transitions: [] });
    expect(long.error!.issues[0]!.message).toBe('阶段名称不能超过32个字符');
  });
});

describe('who may act', () => {
  const t = simple().transitions[2]!; // 退回: role REVIEWER or permission declare:audit:return

  it('lets a holder of one of the roles act', () => {
    expect(mayTake(t, { roleCodes: ['REVIEWER'], permissions: [], isSuperAdmin: false })).toBe(true);
  });

  it('lets a holder of one of the permission codes act, as a list or a set', () => {
    expect(mayTake(t, { roleCodes: [], permissions: ['declare:audit:return'], isSuperAdmin: false })).toBe(true);
    expect(mayTake(t, { roleCodes: [], permissions: new Set(['declare:audit:return']), isSuperAdmin: false })).toBe(true);
  });

  it('refuses everyone else, and lets ADMIN act on anything', () => {
    expect(mayTake(t, { roleCodes: ['APPLICANT'], permissions: ['declare:audit:pass'], isSuperAdmin: false })).toBe(false);
    expect(mayTake(t, { roleCodes: [], permissions: [], isSuperAdmin: true })).toBe(true);
  });

  it('lists the actions of a stage a participant may take, in order', () => {
    const def = simple();
    expect(actionsAvailable(def, 'AUDIT', { roleCodes: ['REVIEWER'], permissions: [], isSuperAdmin: false }).map((a) => a.action)).toEqual(['PASS', 'RETURN']);
    expect(actionsAvailable(def, 'AUDIT', { roleCodes: [], permissions: ['declare:audit:return'], isSuperAdmin: false }).map((a) => a.action)).toEqual(['RETURN']);
    expect(actionsAvailable(def, 'DONE', { roleCodes: [], permissions: [], isSuperAdmin: true })).toEqual([]);
  });
});

describe('decideStep', () => {
  const reviewer = { roleCodes: ['REVIEWER'], permissions: [], isSuperAdmin: false };

  it('leads to the transition\'s stage, and says when that completes the process', () => {
    const def = simple();
    expect(startStageOf(def)!.code).toBe('DRAFT');
    const pass = decideStep(def, 'AUDIT', 'PASS', null, reviewer);
    expect(pass).toMatchObject({ ok: true, to: { code: 'DONE' }, completes: true });
    const back = decideStep(def, 'AUDIT', 'RETURN', '材料不全', reviewer);
    expect(back).toMatchObject({ ok: true, to: { code: 'DRAFT' }, completes: false });
  });

  it('refuses an action the stage does not have', () => {
    expect(decideStep(simple(), 'DRAFT', 'PASS', null, reviewer)).toEqual({ ok: false, reason: 'NO_SUCH_ACTION', message: '当前阶段「草稿」没有动作「PASS」' });
  });

  it('refuses a participant who may not take it', () => {
    expect(decideStep(simple(), 'DRAFT', 'SUBMIT', null, reviewer)).toEqual({ ok: false, reason: 'NOT_ALLOWED', message: '您没有在「草稿」办理「提交」的权限' });
  });

  it('wants a comment where the transition requires one; blanks do not count', () => {
    expect(decideStep(simple(), 'AUDIT', 'RETURN', '  ', reviewer)).toEqual({ ok: false, reason: 'COMMENT_REQUIRED', message: '「退回」必须填写意见' });
  });
});

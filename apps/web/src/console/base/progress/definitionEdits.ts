/**
 * Edits the editor makes to a definition, as pure functions: a stage renamed or removed takes its
 * transitions along, so the tables never point at a stage that is gone.
 */
import type { ProcessDefinition, ProcessStage, ProcessTransition } from '@dandelion/shared/base/progress';
import { freshStageCode } from './StageTable';

const isUnique = (stages: readonly ProcessStage[], code: string) => stages.filter((s) => s.code === code).length === 1;

export function changeStage(def: ProcessDefinition, index: number, patch: Partial<ProcessStage>): ProcessDefinition {
  const old = def.stages[index];
  if (!old) return def;
  const stages = def.stages.map((s, i) => (i === index ? { ...s, ...patch } : s));
  const renamed = patch.code !== undefined && patch.code !== old.code && old.code !== '' && isUnique(def.stages, old.code);
  if (!renamed) return { ...def, stages };
  const to = patch.code!;
  const transitions = def.transitions.map((t) => ({ ...t, from: t.from === old.code ? to : t.from, to: t.to === old.code ? to : t.to }));
  return { stages, transitions };
}

/** A new stage at the end: the first one starts the process, later ones are ordinary stages. */
export function addStage(def: ProcessDefinition): ProcessDefinition {
  const stage: ProcessStage = { code: freshStageCode(def.stages), name: '', kind: def.stages.length ? 'normal' : 'start', limitDays: null };
  return { ...def, stages: [...def.stages, stage] };
}

export function removeStage(def: ProcessDefinition, index: number): ProcessDefinition {
  const gone = def.stages[index];
  if (!gone) return def;
  const stages = def.stages.filter((_, i) => i !== index);
  const orphaned = isUnique(def.stages, gone.code);
  return { stages, transitions: orphaned ? def.transitions.filter((t) => t.from !== gone.code && t.to !== gone.code) : def.transitions };
}

export function moveStage(def: ProcessDefinition, index: number, by: -1 | 1): ProcessDefinition {
  const target = index + by;
  if (target < 0 || target >= def.stages.length) return def;
  const stages = [...def.stages];
  [stages[index], stages[target]] = [stages[target]!, stages[index]!];
  return { ...def, stages };
}

/**
 * A new transition: from the first stage that has no way out yet (else the first that is not an
 * end), to the stage listed after it.
 */
export function addTransition(def: ProcessDefinition): ProcessDefinition {
  const open = def.stages.filter((s) => s.kind !== 'end');
  const from = open.find((s) => !def.transitions.some((t) => t.from === s.code)) ?? open[0];
  const after = from ? def.stages[def.stages.indexOf(from) + 1] : undefined;
  const transition: ProcessTransition = { from: from?.code ?? '', to: after?.code ?? '', action: '', label: '', roles: [], permissions: [], commentRequired: false };
  return { ...def, transitions: [...def.transitions, transition] };
}

export function changeTransition(def: ProcessDefinition, index: number, patch: Partial<ProcessTransition>): ProcessDefinition {
  return { ...def, transitions: def.transitions.map((t, i) => (i === index ? { ...t, ...patch } : t)) };
}

export function removeTransition(def: ProcessDefinition, index: number): ProcessDefinition {
  return { ...def, transitions: def.transitions.filter((_, i) => i !== index) };
}

/** Where a new definition starts: 开始 → 结束, to be filled in. */
export function blankDefinition(): ProcessDefinition {
  return {
    stages: [
      { code: 'START', name: '开始', kind: 'start', limitDays: null },
      { code: 'END', name: '结束', kind: 'end', limitDays: null },
    ],
    transitions: [],
  };
}

import '../../../test/setup';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProcessDefinition } from '@dandelion/shared/base/progress';
import { renderWidget } from '../../../test/widgetKit';
import { ProcessDiagram } from './ProcessDiagram';
import { addStage, addTransition, changeStage, moveStage, removeStage } from './definitionEdits';

const review: ProcessDefinition = {
  stages: [
    { code: 'DRAFT', name: '草稿', kind: 'start', limitDays: null },
    { code: 'AUDIT', name: '形式审查', kind: 'normal', limitDays: 10 },
    { code: 'DONE', name: '完成', kind: 'end', limitDays: null },
  ],
  transitions: [
    { from: 'DRAFT', to: 'AUDIT', action: 'SUBMIT', label: '提交', roles: ['APPLICANT'], permissions: [], commentRequired: false },
    { from: 'AUDIT', to: 'DONE', action: 'PASS', label: '通过', roles: ['REVIEWER'], permissions: [], commentRequired: false },
    { from: 'AUDIT', to: 'DRAFT', action: 'RETURN', label: '退回', roles: ['REVIEWER'], permissions: [], commentRequired: true },
  ],
};
const stageBox = (code: string) => document.querySelector(`[data-stage="${code}"]`)!;

describe('ProcessDiagram', () => {
  it('draws every stage with its name and time limit, and every transition with its label', () => {
    renderWidget(<ProcessDiagram definition={review} title="申报审核流程图" />);
    expect(screen.getByRole('img', { name: '申报审核流程图' })).toBeTruthy();
    expect(document.querySelectorAll('[data-stage]')).toHaveLength(3);
    expect(stageBox('AUDIT').textContent).toContain('形式审查');
    expect(stageBox('AUDIT').textContent).toContain('时限 10 个工作日');
    expect(stageBox('DRAFT').textContent).toContain('开始');
    expect([...document.querySelectorAll('[data-edge]')].map((e) => [e.getAttribute('data-edge'), e.textContent])).toEqual([
      ['DRAFT->AUDIT', '提交'],
      ['AUDIT->DONE', '通过'],
      ['AUDIT->DRAFT', '退回'],
    ]);
    expect(document.querySelector('[data-current]')).toBeNull();
  });

  it('highlights the current stage only, and colours the steps taken', () => {
    renderWidget(<ProcessDiagram definition={review} currentStage="AUDIT" visitedStages={['DRAFT', 'AUDIT']} takenSteps={[['DRAFT', 'AUDIT']]} />);
    const current = [...document.querySelectorAll('[data-current]')];
    expect(current.map((g) => g.getAttribute('data-stage'))).toEqual(['AUDIT']);
    expect(current[0]!.getAttribute('aria-current')).toBe('step');
    expect(current[0]!.querySelector('title')!.textContent).toBe('形式审查（AUDIT） — 当前阶段');
    // The highlighted box is filled and its text turns white; the others keep dark text.
    expect(stageBox('AUDIT').querySelector('text')!.getAttribute('fill')).toBe('#fff');
    expect(stageBox('DONE').querySelector('text')!.getAttribute('fill')).not.toBe('#fff');
    expect([...document.querySelectorAll('[data-taken]')].map((e) => e.getAttribute('data-edge'))).toEqual(['DRAFT->AUDIT']);
  });

  it('asks for stages when there are none', () => {
    renderWidget(<ProcessDiagram definition={{ stages: [], transitions: [] }} />);
    expect(screen.getByText('添加阶段后这里显示流程图')).toBeTruthy();
  });
});

describe('definition edits', () => {
  it('renames a stage in the transitions that use it', () => {
    const renamed = changeStage(review, 1, { code: 'FORMAL' });
    expect(renamed.stages[1]!.code).toBe('FORMAL');
    expect(renamed.transitions.map((t) => `${t.from}->${t.to}`)).toEqual(['DRAFT->FORMAL', 'FORMAL->DONE', 'FORMAL->DRAFT']);
  });

  it('leaves transitions alone when the old code was shared by two stages (the duplicate is being fixed)', () => {
    const twice = { ...review, stages: [...review.stages, { code: 'AUDIT', name: '复审', kind: 'normal' as const, limitDays: null }] };
    expect(changeStage(twice, 3, { code: 'RECHECK' }).transitions).toEqual(review.transitions);
  });

  it('removes a stage together with its transitions', () => {
    const without = removeStage(review, 2);
    expect(without.stages.map((s) => s.code)).toEqual(['DRAFT', 'AUDIT']);
    expect(without.transitions.map((t) => t.action)).toEqual(['SUBMIT', 'RETURN']);
  });

  it('adds a start stage first and ordinary ones after, with fresh codes; moves stages within bounds', () => {
    const first = addStage({ stages: [], transitions: [] });
    expect(first.stages).toEqual([{ code: 'S1', name: '', kind: 'start', limitDays: null }]);
    expect(addStage(first).stages[1]).toMatchObject({ code: 'S2', kind: 'normal' });
    expect(moveStage(review, 0, -1)).toBe(review);
    expect(moveStage(review, 0, 1).stages.map((s) => s.code)).toEqual(['AUDIT', 'DRAFT', 'DONE']);
  });

  it('starts a new transition at the first stage without a way out, towards the next stage', () => {
    const open = { ...review, transitions: review.transitions.slice(0, 1) };
    expect(addTransition(open).transitions[1]).toMatchObject({ from: 'AUDIT', to: 'DONE', action: '', label: '' });
  });
});

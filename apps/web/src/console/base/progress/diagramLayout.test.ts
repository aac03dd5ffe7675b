import { describe, expect, it } from 'vitest';
import type { ProcessDefinition, ProcessStage } from '@dandelion/shared/base/progress';
import { layoutDiagram, NODE_HEIGHT, NODE_WIDTH, type DiagramLayout } from './diagramLayout';

const stage = (code: string, kind: ProcessStage['kind'] = 'normal'): ProcessStage => ({ code, name: code, kind, limitDays: null });
const t = (from: string, to: string, label = `${from}${to}`) => ({ from, to, action: label.toUpperCase(), label, roles: ['R'], permissions: [], commentRequired: false });

/** 草稿 → 单位推荐 → 形式审查 → 专家评审 → 结果公示 → 完成, 退回 from three stages, 驳回 to 未通过. */
const review: ProcessDefinition = {
  stages: [stage('DRAFT', 'start'), stage('UNIT'), stage('FORMAL'), stage('EXPERT'), stage('PUBLICITY'), stage('DONE', 'end'), stage('REJECTED', 'end')],
  transitions: [
    t('DRAFT', 'UNIT', '提交'), t('UNIT', 'FORMAL', '推荐'), t('UNIT', 'DRAFT', '退回'),
    t('FORMAL', 'EXPERT', '通过'), t('FORMAL', 'DRAFT', '退回'), t('FORMAL', 'REJECTED', '驳回'),
    t('EXPERT', 'PUBLICITY', '评审完成'), t('EXPERT', 'REJECTED', '不予推荐'),
    t('PUBLICITY', 'DONE', '公示无异议'), t('PUBLICITY', 'EXPERT', '异议复核'),
  ],
};

const layerOf = (layout: DiagramLayout) => Object.fromEntries(layout.nodes.map((n) => [n.code, n.layer]));
const node = (layout: DiagramLayout, code: string) => layout.nodes.find((n) => n.code === code)!;

/** The straight segments of a lane path (M x,y L x,y …). */
function segments(path: string): Array<[[number, number], [number, number]]> {
  const points = path.split(/[ML]/).filter(Boolean).map((p) => p.trim().split(',').map(Number) as [number, number]);
  return points.slice(1).map((p, i) => [points[i]!, p]);
}
/** Does a horizontal or vertical segment pass through the inside of a box? */
function crosses([[x1, y1], [x2, y2]]: [[number, number], [number, number]], box: { x: number; y: number }) {
  const [left, right, top, bottom] = [box.x + 1, box.x + NODE_WIDTH - 1, box.y + 1, box.y + NODE_HEIGHT - 1];
  if (y1 === y2) return y1 > top && y1 < bottom && Math.max(x1, x2) > left && Math.min(x1, x2) < right;
  return x1 > left && x1 < right && Math.max(y1, y2) > top && Math.min(y1, y2) < bottom;
}

describe('layoutDiagram', () => {
  it('puts a chain in consecutive columns on one row, left to right', () => {
    const layout = layoutDiagram({ stages: [stage('A', 'start'), stage('B'), stage('C', 'end')], transitions: [t('A', 'B'), t('B', 'C')] });
    expect(layerOf(layout)).toEqual({ A: 0, B: 1, C: 2 });
    expect(new Set(layout.nodes.map((n) => n.y)).size).toBe(1);
    expect(node(layout, 'A').x).toBeLessThan(node(layout, 'B').x);
    expect(layout.edges.map((e) => [e.key, e.route])).toEqual([['A->B', 'next'], ['B->C', 'next']]);
    expect(layout.width).toBeGreaterThanOrEqual(node(layout, 'C').x + NODE_WIDTH);
  });

  it('places a stage by its longest path from the start, and 退回 edges as back edges', () => {
    const layout = layoutDiagram(review);
    expect(layerOf(layout)).toEqual({ DRAFT: 0, UNIT: 1, FORMAL: 2, EXPERT: 3, PUBLICITY: 4, DONE: 5, REJECTED: 4 });
    const routes = Object.fromEntries(layout.edges.map((e) => [e.key, e.route]));
    expect(routes).toMatchObject({ 'UNIT->DRAFT': 'back', 'FORMAL->DRAFT': 'back', 'PUBLICITY->EXPERT': 'back', 'FORMAL->REJECTED': 'over', 'EXPERT->REJECTED': 'next', 'DRAFT->UNIT': 'next' });
    expect(layout.edges.find((e) => e.key === 'FORMAL->DRAFT')!.label).toBe('退回');
  });

  it('never overlaps two stages and never runs a lane line through a stage', () => {
    const layout = layoutDiagram(review);
    for (const a of layout.nodes) {
      for (const b of layout.nodes) {
        if (a === b) continue;
        const apart = a.x + NODE_WIDTH <= b.x || b.x + NODE_WIDTH <= a.x || a.y + NODE_HEIGHT <= b.y || b.y + NODE_HEIGHT <= a.y;
        expect(apart, `${a.code} / ${b.code}`).toBe(true);
      }
    }
    for (const edge of layout.edges.filter((e) => e.route !== 'next')) {
      for (const segment of segments(edge.path)) {
        for (const box of layout.nodes) expect(crosses(segment, box), `${edge.key} through ${box.code}`).toBe(false);
      }
    }
  });

  it('runs back edges below every stage and skipping edges above, in separate lanes where they overlap', () => {
    const layout = layoutDiagram(review);
    const lowest = Math.max(...layout.nodes.map((n) => n.y + NODE_HEIGHT));
    const highest = Math.min(...layout.nodes.map((n) => n.y));
    const back = layout.edges.filter((e) => e.route === 'back');
    for (const e of back) expect(e.labelY, e.key).toBeGreaterThan(lowest);
    for (const e of layout.edges.filter((e) => e.route === 'over')) expect(e.labelY, e.key).toBeLessThan(highest);
    // UNIT->DRAFT and FORMAL->DRAFT overlap over column 0–1: different lanes. PUBLICITY->EXPERT is clear of both.
    const laneOf = (key: string) => back.find((e) => e.key === key)!.labelY;
    expect(laneOf('UNIT->DRAFT')).not.toBe(laneOf('FORMAL->DRAFT'));
    expect(laneOf('PUBLICITY->EXPERT')).toBe(laneOf('UNIT->DRAFT'));
    expect(layout.height).toBeGreaterThan(Math.max(...back.map((e) => e.labelY)));
  });

  it('orders a column by its neighbours so branches do not cross', () => {
    // A → B1 → C1 and A → B2 → C2, with C2 listed first: C2 should sit on B2's row.
    const layout = layoutDiagram({
      stages: [stage('A', 'start'), stage('C2', 'end'), stage('B1'), stage('B2'), stage('C1', 'end')],
      transitions: [t('A', 'B1'), t('A', 'B2'), t('B1', 'C1'), t('B2', 'C2')],
    });
    expect(node(layout, 'C1').y).toBe(node(layout, 'B1').y);
    expect(node(layout, 'C2').y).toBe(node(layout, 'B2').y);
  });

  it('merges several actions between the same two stages into one labelled edge', () => {
    const layout = layoutDiagram({ stages: [stage('A', 'start'), stage('B', 'end')], transitions: [t('A', 'B', '通过'), t('A', 'B', '同意')] });
    expect(layout.edges).toHaveLength(1);
    expect(layout.edges[0]!.label).toBe('通过 / 同意');
  });

  it('draws what it can of an unfinished draft: dangling transitions, self-loops and duplicate codes are left out', () => {
    const layout = layoutDiagram({
      stages: [stage('A', 'start'), stage('A'), stage('B'), { ...stage(''), name: '未命名' }],
      transitions: [t('A', 'GONE'), t('B', 'B'), t('A', 'B')],
    });
    expect(layout.nodes.map((n) => n.code)).toEqual(['A', 'B']);
    expect(layout.edges.map((e) => e.key)).toEqual(['A->B']);
  });

  it('terminates on cycles without a start stage, and answers a small box for nothing', () => {
    const loop = layoutDiagram({ stages: [stage('A'), stage('B'), stage('C')], transitions: [t('A', 'B'), t('B', 'C'), t('C', 'A')] });
    expect(layerOf(loop)).toEqual({ A: 0, B: 1, C: 2 });
    expect(loop.edges.find((e) => e.key === 'C->A')!.route).toBe('back');
    const empty = layoutDiagram({ stages: [], transitions: [] });
    expect(empty).toMatchObject({ nodes: [], edges: [] });
    expect(empty.width).toBeGreaterThan(0);
  });
});

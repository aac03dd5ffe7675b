/**
 * A small layered layout for process diagrams, left to right (docs/base-progress.md says why we draw
 * our own SVG). Stages fall into columns by their longest forward path from the start; transitions
 * that go back (退回) run in lanes under the stages, forward ones that skip a column run in lanes
 * above them, so no line crosses a stage box.
 */
import type { ProcessDefinition, StageKind } from '@dandelion/shared/base/progress';

export const NODE_WIDTH = 124;
export const NODE_HEIGHT = 52;
const GAP_X = 76;
const GAP_Y = 36;
const LANE = 26;
const PAD = 16;
/** Room for a label above the first lane / below the last one. */
const LANE_MARGIN = 18;

export interface DiagramNode {
  code: string;
  name: string;
  kind: StageKind;
  limitDays: number | null;
  layer: number;
  order: number;
  x: number;
  y: number;
}

export type EdgeRoute = 'next' | 'over' | 'back';

export interface DiagramEdge {
  key: string;
  from: string;
  to: string;
  /** Labels of every action from `from` to `to`, joined. */
  label: string;
  /** next: to the adjacent column, a curve; over: skips columns, above the stages; back: to an earlier or the same column, below. */
  route: EdgeRoute;
  path: string;
  labelX: number;
  labelY: number;
}

export interface DiagramLayout {
  nodes: DiagramNode[];
  edges: DiagramEdge[];
  width: number;
  height: number;
}

interface Link {
  from: string;
  to: string;
  labels: string[];
}

/** Transitions between two existing, different stages, one link per ordered pair. */
function linksOf(def: ProcessDefinition, known: Set<string>): Link[] {
  const byPair = new Map<string, Link>();
  for (const t of def.transitions) {
    if (!known.has(t.from) || !known.has(t.to) || t.from === t.to) continue;
    const key = `${t.from}\u0000${t.to}`;
    const link = byPair.get(key) ?? { from: t.from, to: t.to, labels: [] };
    const label = t.label || t.action;
    if (label && !link.labels.includes(label)) link.labels.push(label);
    byPair.set(key, link);
  }
  return [...byPair.values()];
}

/** Links that close a cycle when walking depth-first from the start stage (then from any stage not yet seen). */
function backLinks(codes: string[], links: Link[], start: string | undefined): Set<Link> {
  const out = new Map<string, Link[]>();
  for (const link of links) out.set(link.from, [...(out.get(link.from) ?? []), link]);
  const state = new Map<string, 'open' | 'done'>();
  const back = new Set<Link>();
  const visit = (root: string) => {
    // Iterative DFS: a definition may have 50 stages, recursion would be fine, but a stack keeps it obvious.
    const stack: Array<{ code: string; next: number }> = [{ code: root, next: 0 }];
    state.set(root, 'open');
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const edges = out.get(top.code) ?? [];
      if (top.next >= edges.length) {
        state.set(top.code, 'done');
        stack.pop();
        continue;
      }
      const link = edges[top.next++]!;
      const seen = state.get(link.to);
      if (seen === 'open') back.add(link);
      else if (!seen) {
        state.set(link.to, 'open');
        stack.push({ code: link.to, next: 0 });
      }
    }
  };
  if (start) visit(start);
  for (const code of codes) if (!state.has(code)) visit(code);
  return back;
}

/** Longest path from a source over the forward links (they form a DAG). */
function layersOf(codes: string[], forward: Link[]): Map<string, number> {
  const incoming = new Map(codes.map((c) => [c, 0]));
  for (const link of forward) incoming.set(link.to, incoming.get(link.to)! + 1);
  const layer = new Map(codes.map((c) => [c, 0]));
  const queue = codes.filter((c) => incoming.get(c) === 0);
  while (queue.length) {
    const code = queue.shift()!;
    for (const link of forward) {
      if (link.from !== code) continue;
      layer.set(link.to, Math.max(layer.get(link.to)!, layer.get(code)! + 1));
      incoming.set(link.to, incoming.get(link.to)! - 1);
      if (incoming.get(link.to) === 0) queue.push(link.to);
    }
  }
  return layer;
}

/** Orders each column by the average position of its neighbours (a few sweeps each way), stage order breaking ties. */
function ordersOf(codes: string[], layer: Map<string, number>, forward: Link[]): string[][] {
  const columns: string[][] = [];
  for (const code of codes) (columns[layer.get(code)!] ??= []).push(code);
  const index = new Map(codes.map((c, i) => [c, i]));
  const position = () => new Map(columns.flatMap((column) => column.map((c, i) => [c, i] as const)));
  const sweep = (neighbours: (code: string) => string[], range: number[]) => {
    for (const l of range) {
      const pos = position();
      const weight = (code: string) => {
        const near = neighbours(code);
        return near.length ? near.reduce((sum, n) => sum + pos.get(n)!, 0) / near.length : pos.get(code)!;
      };
      columns[l] = [...(columns[l] ?? [])].sort((a, b) => weight(a) - weight(b) || index.get(a)! - index.get(b)!);
    }
  };
  const layers = columns.map((_, i) => i);
  for (let round = 0; round < 3; round++) {
    sweep((c) => forward.filter((l) => l.to === c).map((l) => l.from), layers.slice(1));
    sweep((c) => forward.filter((l) => l.from === c).map((l) => l.to), layers.slice(0, -1).reverse());
  }
  return columns.map((column) => column ?? []);
}

/** Greedy interval packing: each span gets the first lane whose last span ended before it starts. */
function packLanes(spans: Array<{ left: number; right: number }>): number[] {
  const laneEnds: number[] = [];
  const lanes = new Array<number>(spans.length);
  const order = spans.map((s, i) => i).sort((a, b) => spans[a]!.left - spans[b]!.left || spans[a]!.right - spans[b]!.right);
  for (const i of order) {
    const span = spans[i]!;
    // Spans that only touch at a column may share a lane: their lines run in different gaps.
    let lane = laneEnds.findIndex((end) => end <= span.left);
    if (lane === -1) lane = laneEnds.push(span.right) - 1;
    else laneEnds[lane] = span.right;
    lanes[i] = lane;
  }
  return lanes;
}

/** Lays a definition out; stages with duplicate codes after the first and dangling transitions are left out. */
export function layoutDiagram(def: ProcessDefinition): DiagramLayout {
  const seen = new Set<string>();
  const stages = def.stages.filter((s) => s.code && !seen.has(s.code) && seen.add(s.code));
  if (!stages.length) return { nodes: [], edges: [], width: PAD * 2 + NODE_WIDTH, height: PAD * 2 + NODE_HEIGHT };
  const codes = stages.map((s) => s.code);
  const links = linksOf(def, seen);
  const back = backLinks(codes, links, stages.find((s) => s.kind === 'start')?.code);
  const forward = links.filter((l) => !back.has(l));
  const layer = layersOf(codes, forward);
  const columns = ordersOf(codes, layer, forward);
  const tallest = Math.max(...columns.map((c) => c.length));

  const columnX = (l: number) => PAD + l * (NODE_WIDTH + GAP_X);
  const over = forward.filter((l) => layer.get(l.to)! - layer.get(l.from)! > 1);
  const below = links.filter((l) => back.has(l));
  const spanOf = (l: Link) => {
    const [a, b] = [layer.get(l.from)!, layer.get(l.to)!];
    return { left: Math.min(a, b), right: Math.max(a, b) };
  };
  const overLanes = packLanes(over.map(spanOf));
  const backLanes = packLanes(below.map(spanOf));
  const overCount = over.length ? Math.max(...overLanes) + 1 : 0;
  const backCount = below.length ? Math.max(...backLanes) + 1 : 0;

  const top = PAD + (overCount ? LANE_MARGIN + overCount * LANE : 0);
  const bodyHeight = tallest * NODE_HEIGHT + (tallest - 1) * GAP_Y;
  const byCode = new Map(stages.map((s) => [s.code, s]));
  const nodes: DiagramNode[] = columns.flatMap((column, l) => {
    const offset = (bodyHeight - (column.length * NODE_HEIGHT + (column.length - 1) * GAP_Y)) / 2;
    return column.map((code, order) => {
      const stage = byCode.get(code)!;
      return { code, name: stage.name, kind: stage.kind, limitDays: stage.limitDays, layer: l, order, x: columnX(l), y: top + offset + order * (NODE_HEIGHT + GAP_Y) };
    });
  });
  const at = new Map(nodes.map((n) => [n.code, n]));
  const bottom = top + bodyHeight;

  const edgeOf = (link: Link, route: EdgeRoute, lane = 0): DiagramEdge => {
    const a = at.get(link.from)!;
    const b = at.get(link.to)!;
    const key = `${link.from}->${link.to}`;
    const label = link.labels.join(' / ');
    if (route === 'next') {
      const [x1, y1, x2, y2] = [a.x + NODE_WIDTH, a.y + NODE_HEIGHT / 2, b.x, b.y + NODE_HEIGHT / 2];
      const mid = (x1 + x2) / 2;
      return { key, from: a.code, to: b.code, label, route, path: `M${x1},${y1} C${mid},${y1} ${mid},${y2} ${x2},${y2}`, labelX: mid, labelY: (y1 + y2) / 2 };
    }
    // Lanes: out of the box's side into the free gap between columns, along the lane above (over) or
    // below (back) every stage, down or up the gap next to the target, into its side. Gaps hold no
    // boxes, so a line never crosses one; each lane gets its own offset in the gap.
    const step = 10 + lane * 7 + (route === 'back' ? 3.5 : 0);
    const laneY = route === 'over' ? top - LANE_MARGIN / 2 - lane * LANE - LANE / 2 : bottom + LANE_MARGIN / 2 + lane * LANE + LANE / 2;
    const points: Array<[number, number]> =
      route === 'over'
        ? [
            [a.x + NODE_WIDTH, a.y + NODE_HEIGHT * 0.25],
            [a.x + NODE_WIDTH + step, a.y + NODE_HEIGHT * 0.25],
            [a.x + NODE_WIDTH + step, laneY],
            [b.x - step, laneY],
            [b.x - step, b.y + NODE_HEIGHT * 0.25],
            [b.x, b.y + NODE_HEIGHT * 0.25],
          ]
        : [
            [a.x, a.y + NODE_HEIGHT * 0.75],
            [a.x - step, a.y + NODE_HEIGHT * 0.75],
            [a.x - step, laneY],
            [b.x + NODE_WIDTH + step, laneY],
            [b.x + NODE_WIDTH + step, b.y + NODE_HEIGHT * 0.75],
            [b.x + NODE_WIDTH, b.y + NODE_HEIGHT * 0.75],
          ];
    const path = points.map(([x, y], i) => `${i ? 'L' : 'M'}${x},${y}`).join(' ');
    return { key, from: a.code, to: b.code, label, route, path, labelX: (points[2]![0] + points[3]![0]) / 2, labelY: laneY };
  };

  const edges = [
    ...forward.filter((l) => !over.includes(l)).map((l) => edgeOf(l, 'next')),
    ...over.map((l, i) => edgeOf(l, 'over', overLanes[i])),
    ...below.map((l, i) => edgeOf(l, 'back', backLanes[i])),
  ];
  const width = columnX(columns.length - 1) + NODE_WIDTH + PAD;
  const height = bottom + (backCount ? LANE_MARGIN + backCount * LANE : 0) + PAD;
  return { nodes, edges, width, height };
}

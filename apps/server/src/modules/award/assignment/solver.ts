import { conflictsOf, normaliseUnitName, type Conflict, type ConflictSettings, type DeclarationFacts, type ExpertFacts } from '@dandelion/shared/award/assignmentConflicts';
import { FlowGraph } from './minCostFlow';

/**
 * Expert assignment for one review group (DOMAIN.md "Assignment"), as HotCRP does it: a min-cost
 * flow where each declaration asks for k reviews, a pair exists only without a hard conflict and
 * costs by affinity, each further review of one expert costs a little more than the last (load
 * balance, up to the expert's maximum), and a second expert of the same unit on one declaration
 * costs more than any affinity can repay (the soft rule). A recorded seed orders the candidates,
 * so equal costs are broken the same way for the same input and seed.
 */

export interface AssignableDeclaration extends DeclarationFacts {
  disciplineCodes: string[];
  keywords: string[];
  /** Experts still wanted on this declaration (k minus those kept from before); k when absent. */
  wanted?: number;
}
export interface AssignableExpert extends ExpertFacts {
  disciplineCodes: string[];
  keywords: string[];
  /** This expert's own maximum load; the group's default when absent. */
  maxLoad?: number | null;
}

export interface AssignmentInput {
  declarations: AssignableDeclaration[];
  experts: AssignableExpert[];
  /** Experts per declaration (default 5). */
  k?: number;
  /** Maximum reviews per expert unless the expert has their own. */
  defaultMaxLoad: number;
  seed: number;
  /** Alternates kept per declaration (default 2). */
  alternates?: number;
  settings: ConflictSettings;
  /** The cheapest candidates per declaration the flow considers (default max(4k, 20)). */
  candidatesPerDeclaration?: number;
  /** Pairs already held (kept, locked or left) as `expertId:declarationId`: neither chosen again nor reported excluded. */
  taken?: ReadonlySet<string>;
}

export interface ChosenExpert {
  expertId: string;
  cost: number;
  reason: string;
}

export interface AssignmentResult {
  seed: number;
  declarations: Array<{ declarationId: string; experts: ChosenExpert[]; alternates: ChosenExpert[]; wanted: number }>;
  loads: Array<{ expertId: string; load: number; maxLoad: number }>;
  underAssigned: Array<{ declarationId: string; assigned: number; wanted: number }>;
  excluded: Array<{ declarationId: string; expertId: string; conflicts: Conflict[] }>;
}

/** Each further review of one expert costs this much more than the one before. */
export const LOAD_STEP = 3;
/** A second expert of one unit on one declaration: dearer than the whole affinity range. */
export const SAME_UNIT_PENALTY = 150;
const MAX_AFFINITY = 100;

/** Discipline codes compared by level: 3, 5 and 7 digits (GB/T 13745), dots ignored. */
function disciplineDepth(a: string, b: string): number {
  const x = a.replace(/\D/g, '');
  const y = b.replace(/\D/g, '');
  let depth = 0;
  for (const [level, length] of [[1, 3], [2, 5], [3, 7]] as const) {
    if (x.length >= length && y.length >= length && x.slice(0, length) === y.slice(0, length)) depth = level;
  }
  return depth;
}

const DEPTH_WORDS = ['', '一级学科相同', '二级学科相同', '三级学科相同'];

/** Affinity of a pair (0–100) and the words that explain it: discipline depth first, then shared keywords. */
export function affinityOf(declaration: AssignableDeclaration, expert: AssignableExpert): { affinity: number; reason: string } {
  let depth = 0;
  let code = '';
  for (const a of declaration.disciplineCodes) {
    for (const b of expert.disciplineCodes) {
      const d = disciplineDepth(a, b);
      if (d > depth) [depth, code] = [d, a];
    }
  }
  const theirs = new Set(expert.keywords.map((k) => k.trim().toLowerCase()));
  const shared = [...new Set(declaration.keywords.map((k) => k.trim().toLowerCase()))].filter((k) => k && theirs.has(k));
  const affinity = Math.min(MAX_AFFINITY, depth * 20 + Math.min(4, shared.length) * 10);
  const words = [depth ? `${DEPTH_WORDS[depth]}（${code}）` : '学科不同', shared.length ? `关键词重合 ${shared.length} 个（${shared.slice(0, 3).join('、')}）` : ''].filter(Boolean);
  return { affinity, reason: words.join('，') };
}

/** mulberry32: small, fast and the same on every machine. */
function seeded(seed: number) {
  let a = seed | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

export function assignExperts(input: AssignmentInput): AssignmentResult {
  const k = input.k ?? 5;
  const alternatesWanted = input.alternates ?? 2;
  const limit = input.candidatesPerDeclaration ?? Math.max(4 * k, 20);
  const rnd = seeded(input.seed);
  const experts = shuffled(input.experts, rnd);
  const declarations = shuffled(input.declarations, rnd);
  const maxLoadOf = (e: AssignableExpert) => Math.max(0, e.maxLoad ?? input.defaultMaxLoad);

  // Candidates: conflict-free pairs, cheapest first; the seeded order breaks equal costs.
  const excluded: AssignmentResult['excluded'] = [];
  const candidates = declarations.map((d) => {
    const list: Array<{ expert: AssignableExpert; index: number; tie: number; cost: number; reason: string; unitKey: string }> = [];
    experts.forEach((expert, index) => {
      if (input.taken?.has(`${expert.expertId}:${d.declarationId}`)) return;
      const conflicts = conflictsOf(expert, d, input.settings);
      if (conflicts.length) return void excluded.push({ declarationId: d.declarationId, expertId: expert.expertId, conflicts });
      if (maxLoadOf(expert) === 0) return;
      const { affinity, reason } = affinityOf(d, expert);
      // The tie key is drawn per pair, so declarations with equal costs do not all queue for the same few experts.
      list.push({ expert, index, tie: rnd(), cost: MAX_AFFINITY - affinity, reason, unitKey: normaliseUnitName(expert.unit.unitName) || `#${expert.expertId}` });
    });
    list.sort((a, b) => a.cost - b.cost || a.tie - b.tie);
    return list;
  });

  // Nodes: source, declarations, one per (declaration, unit) shared by several candidates, experts, sink.
  const source = 0;
  const firstDeclaration = 1;
  const firstExpert = firstDeclaration + declarations.length;
  let nextNode = firstExpert + experts.length;
  const unitNodes: Array<Map<string, number>> = candidates.map((list) => {
    const counts = new Map<string, number>();
    for (const c of list.slice(0, limit)) counts.set(c.unitKey, (counts.get(c.unitKey) ?? 0) + 1);
    return new Map([...counts].filter(([, n]) => n > 1).map(([key]) => [key, nextNode++]));
  });
  const sink = nextNode++;
  const edgeCount = declarations.length + candidates.reduce((n, list, i) => n + Math.min(limit, list.length) + 2 * unitNodes[i]!.size, 0) + experts.reduce((n, e) => n + maxLoadOf(e), 0);
  const graph = new FlowGraph(nextNode, edgeCount);

  const pairEdges: Array<Array<{ edge: number; candidate: (typeof candidates)[number][number] }>> = [];
  const wantedOf = (d: AssignableDeclaration) => Math.max(0, d.wanted ?? k);
  declarations.forEach((d, di) => {
    const node = firstDeclaration + di;
    const wanted = wantedOf(d);
    graph.addEdge(source, node, wanted, 0);
    for (const unitNode of unitNodes[di]!.values()) {
      graph.addEdge(node, unitNode, Math.min(1, wanted), 0);
      graph.addEdge(node, unitNode, Math.max(0, wanted - 1), SAME_UNIT_PENALTY);
    }
    pairEdges.push(
      candidates[di]!.slice(0, limit).map((candidate) => {
        const from = unitNodes[di]!.get(candidate.unitKey) ?? node;
        return { edge: graph.addEdge(from, firstExpert + candidate.index, 1, candidate.cost), candidate };
      }),
    );
  });
  experts.forEach((expert, ei) => {
    for (let j = 0; j < maxLoadOf(expert); j++) graph.addEdge(firstExpert + ei, sink, 1, j * LOAD_STEP);
  });
  graph.minCostFlow(source, sink);

  const load = new Map<string, number>();
  const result = declarations.map((d, di) => {
    const chosen = pairEdges[di]!.filter((p) => graph.flowOn(p.edge) > 0).map((p) => p.candidate);
    for (const c of chosen) load.set(c.expert.expertId, (load.get(c.expert.expertId) ?? 0) + 1);
    return { d, di, chosen };
  });
  const declarationsOut = result.map(({ d, di, chosen }) => {
    const taken = new Set(chosen.map((c) => c.expert.expertId));
    const takenUnits = new Set(chosen.map((c) => c.unitKey));
    // Alternates: the next cheapest, preferring experts with room and a unit not yet on the declaration.
    const rest = candidates[di]!.filter((c) => !taken.has(c.expert.expertId));
    const ranked = [...rest].sort((a, b) => {
      const room = (c: typeof a) => ((load.get(c.expert.expertId) ?? 0) < maxLoadOf(c.expert) ? 0 : 1);
      return room(a) - room(b) || Number(takenUnits.has(a.unitKey)) - Number(takenUnits.has(b.unitKey)) || a.cost - b.cost || a.tie - b.tie;
    });
    const present = (c: (typeof rest)[number]) => ({ expertId: c.expert.expertId, cost: c.cost, reason: c.reason });
    return { declarationId: d.declarationId, experts: chosen.map(present), alternates: ranked.slice(0, alternatesWanted).map(present), wanted: wantedOf(d) };
  });
  return {
    seed: input.seed,
    declarations: declarationsOut.sort((a, b) => input.declarations.findIndex((d) => d.declarationId === a.declarationId) - input.declarations.findIndex((d) => d.declarationId === b.declarationId)),
    loads: input.experts.map((e) => ({ expertId: e.expertId, load: load.get(e.expertId) ?? 0, maxLoad: maxLoadOf(e) })),
    underAssigned: declarationsOut.filter((d) => d.experts.length < d.wanted).map((d) => ({ declarationId: d.declarationId, assigned: d.experts.length, wanted: d.wanted })),
    excluded,
  };
}

/** The next alternate to promote when `expertId` declines or is overdue on `declarationId`; null when none is left. */
export function nextAlternate(result: AssignmentResult, declarationId: string, leaving: string): ChosenExpert | null {
  const entry = result.declarations.find((d) => d.declarationId === declarationId);
  if (!entry) return null;
  return entry.alternates.find((a) => a.expertId !== leaving && !entry.experts.some((e) => e.expertId === a.expertId)) ?? null;
}

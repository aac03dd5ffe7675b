import { describe, expect, it } from 'vitest';
import { FlowGraph } from './minCostFlow';

/** A deterministic generator for the random graphs (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The textbook reference: one unit at a time along a Bellman–Ford shortest path of the residual graph. */
function referenceMinCostFlow(n: number, edges: Array<[number, number, number, number]>, s: number, t: number) {
  const to: number[] = [];
  const cap: number[] = [];
  const cost: number[] = [];
  const from: number[] = [];
  for (const [u, v, c, w] of edges) {
    from.push(u, v);
    to.push(v, u);
    cap.push(c, 0);
    cost.push(w, -w);
  }
  let flow = 0;
  let total = 0;
  for (;;) {
    const dist = new Array<number>(n).fill(Infinity);
    const prev = new Array<number>(n).fill(-1);
    dist[s] = 0;
    for (let round = 0; round < n; round++) {
      let changed = false;
      for (let e = 0; e < to.length; e++) {
        if (cap[e]! > 0 && dist[from[e]!]! + cost[e]! < dist[to[e]!]!) {
          dist[to[e]!] = dist[from[e]!]! + cost[e]!;
          prev[to[e]!] = e;
          changed = true;
        }
      }
      if (!changed) break;
    }
    if (dist[t] === Infinity) return { flow, cost: total };
    for (let v = t; v !== s; v = from[prev[v]!]!) {
      cap[prev[v]!]! -= 1;
      cap[prev[v]! ^ 1]! += 1;
    }
    flow += 1;
    total += dist[t]!;
  }
}

describe('minimum-cost flow', () => {
  it('finds the cheapest assignment of a small known case', () => {
    // Two papers, two reviewers, each paper one review, each reviewer one: the diagonal costs 1 + 1, the other 5 + 5.
    const g = new FlowGraph(6, 10);
    const [s, p1, p2, r1, r2, t] = [0, 1, 2, 3, 4, 5];
    g.addEdge(s, p1, 1, 0);
    g.addEdge(s, p2, 1, 0);
    const a = g.addEdge(p1, r1, 1, 1);
    const b = g.addEdge(p1, r2, 1, 5);
    const c = g.addEdge(p2, r1, 1, 5);
    const d = g.addEdge(p2, r2, 1, 1);
    g.addEdge(r1, t, 1, 0);
    g.addEdge(r2, t, 1, 0);
    expect(g.minCostFlow(s, t)).toEqual({ flow: 2, cost: 2 });
    expect([a, b, c, d].map((e) => g.flowOn(e))).toEqual([1, 0, 0, 1]);
  });

  it('reroutes earlier flow when a later unit needs the cheap edge (the residual graph at work)', () => {
    // p1 can use r1 (cost 1) or r2 (cost 2); p2 only r1 (cost 1). Optimum: p1→r2, p2→r1 = 3, not the greedy 1 + nothing.
    const g = new FlowGraph(6, 10);
    g.addEdge(0, 1, 1, 0);
    g.addEdge(0, 2, 1, 0);
    g.addEdge(1, 3, 1, 1);
    const p1r2 = g.addEdge(1, 4, 1, 2);
    const p2r1 = g.addEdge(2, 3, 1, 1);
    g.addEdge(3, 5, 1, 0);
    g.addEdge(4, 5, 1, 0);
    expect(g.minCostFlow(0, 5)).toEqual({ flow: 2, cost: 3 });
    expect([g.flowOn(p1r2), g.flowOn(p2r1)]).toEqual([1, 1]);
  });

  it('agrees with the textbook algorithm on 300 random graphs: the same maximum flow at the same minimum cost', () => {
    const rnd = random(20261126);
    for (let round = 0; round < 300; round++) {
      const n = 4 + Math.floor(rnd() * 9);
      const edges: Array<[number, number, number, number]> = [];
      const m = n + Math.floor(rnd() * n * 3);
      for (let i = 0; i < m; i++) {
        const u = Math.floor(rnd() * n);
        const v = Math.floor(rnd() * n);
        if (u === v) continue;
        edges.push([u, v, 1 + Math.floor(rnd() * 3), Math.floor(rnd() * 10)]);
      }
      const g = new FlowGraph(n, edges.length);
      for (const [u, v, c, w] of edges) g.addEdge(u, v, c, w);
      expect(g.minCostFlow(0, n - 1), `graph ${round}: ${JSON.stringify(edges)}`).toEqual(referenceMinCostFlow(n, edges, 0, n - 1));
    }
  });

  it('stops at the limit asked for', () => {
    const g = new FlowGraph(3, 2);
    g.addEdge(0, 1, 5, 2);
    g.addEdge(1, 2, 5, 3);
    expect(g.minCostFlow(0, 2, 3)).toEqual({ flow: 3, cost: 15 });
  });
});

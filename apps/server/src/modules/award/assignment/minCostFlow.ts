/**
 * Minimum-cost flow on a graph of integer capacities and non-negative integer costs, by the
 * primal–dual method: Dijkstra on reduced costs sets the node potentials, then every augmenting path
 * of zero reduced cost is saturated before the next Dijkstra (as Dinic does for plain flow). Review
 * assignment costs fall into few distinct levels, so there are few phases even for 10 000 units of
 * flow. Edges live in typed arrays: a million of them cost tens of megabytes, not objects.
 */
export class FlowGraph {
  private head: Int32Array;
  private next: Int32Array;
  private to: Int32Array;
  readonly cap: Int32Array;
  private cost: Int32Array;
  private edges = 0;

  constructor(
    readonly nodes: number,
    maxEdges: number,
  ) {
    this.head = new Int32Array(nodes).fill(-1);
    this.next = new Int32Array(maxEdges * 2);
    this.to = new Int32Array(maxEdges * 2);
    this.cap = new Int32Array(maxEdges * 2);
    this.cost = new Int32Array(maxEdges * 2);
  }

  /** Adds u → v and its residual twin; answers the forward edge's index (its flow is the twin's capacity). */
  addEdge(u: number, v: number, capacity: number, cost: number): number {
    if (cost < 0) throw new Error('negative costs are not supported');
    const e = this.edges;
    this.to[e] = v;
    this.cap[e] = capacity;
    this.cost[e] = cost;
    this.next[e] = this.head[u]!;
    this.head[u] = e;
    this.to[e + 1] = u;
    this.cap[e + 1] = 0;
    this.cost[e + 1] = -cost;
    this.next[e + 1] = this.head[v]!;
    this.head[v] = e + 1;
    this.edges += 2;
    return e;
  }

  /** Units of flow carried by a forward edge. */
  flowOn(edge: number): number {
    return this.cap[edge + 1]!;
  }

  /** Sends up to `limit` units from s to t at minimum total cost; answers the flow and its cost. */
  minCostFlow(s: number, t: number, limit = Number.MAX_SAFE_INTEGER): { flow: number; cost: number } {
    const n = this.nodes;
    const potential = new Float64Array(n);
    const dist = new Float64Array(n);
    const onPath = new Uint8Array(n);
    const current = new Int32Array(n);
    const prevEdge = new Int32Array(n);
    let flow = 0;
    let total = 0;
    while (flow < limit) {
      if (!this.dijkstra(s, t, potential, dist, prevEdge)) break;
      for (let v = 0; v < n; v++) if (dist[v]! < Infinity) potential[v]! += dist[v]!;
      // Saturate the zero-reduced-cost paths found by this potential, one path at a time.
      current.set(this.head);
      let phase = 0;
      for (;;) {
        const pushed = this.augment(s, t, limit - flow, potential, current, onPath);
        if (pushed === 0) break;
        phase += pushed;
        flow += pushed;
        total += pushed * (potential[t]! - potential[s]!);
        if (flow >= limit) break;
      }
      if (phase === 0) {
        // The search skipped a node it met only through a cycle: push along Dijkstra's own shortest path instead.
        const pushed = this.pushAlongTree(s, t, limit - flow, prevEdge);
        flow += pushed;
        total += pushed * (potential[t]! - potential[s]!);
      }
    }
    return { flow, cost: total };
  }

  private pushAlongTree(s: number, t: number, limit: number, prevEdge: Int32Array): number {
    let pushed = limit;
    for (let v = t; v !== s; v = this.to[prevEdge[v]! ^ 1]!) pushed = Math.min(pushed, this.cap[prevEdge[v]!]!);
    for (let v = t; v !== s; v = this.to[prevEdge[v]! ^ 1]!) {
      this.cap[prevEdge[v]!]! -= pushed;
      this.cap[prevEdge[v]! ^ 1]! += pushed;
    }
    return pushed;
  }

  private dijkstra(s: number, t: number, potential: Float64Array, dist: Float64Array, prevEdge: Int32Array): boolean {
    dist.fill(Infinity);
    dist[s] = 0;
    const heap = new MinHeap();
    heap.push(0, s);
    while (heap.size) {
      const [d, u] = heap.pop();
      if (d > dist[u]!) continue;
      for (let e = this.head[u]!; e !== -1; e = this.next[e]!) {
        if (this.cap[e]! <= 0) continue;
        const v = this.to[e]!;
        const nd = d + this.cost[e]! + potential[u]! - potential[v]!;
        if (nd < dist[v]! - 1e-9) {
          dist[v] = nd;
          prevEdge[v] = e;
          heap.push(nd, v);
        }
      }
    }
    return Number.isFinite(dist[t]!);
  }

  /** One augmenting path of zero reduced cost by an iterative depth-first search; answers the units pushed. */
  private augment(s: number, t: number, limit: number, potential: Float64Array, current: Int32Array, onPath: Uint8Array): number {
    const stackNode: number[] = [s];
    const stackEdge: number[] = [];
    onPath[s] = 1;
    while (stackNode.length) {
      const u = stackNode[stackNode.length - 1]!;
      if (u === t) {
        let pushed = limit;
        for (const e of stackEdge) pushed = Math.min(pushed, this.cap[e]!);
        for (const e of stackEdge) {
          this.cap[e]! -= pushed;
          this.cap[e ^ 1]! += pushed;
        }
        for (const v of stackNode) onPath[v] = 0;
        return pushed;
      }
      let advanced = false;
      for (let e = current[u]!; e !== -1; e = this.next[e]!) {
        const v = this.to[e]!;
        if (this.cap[e]! > 0 && !onPath[v] && Math.abs(this.cost[e]! + potential[u]! - potential[v]!) < 1e-9) {
          current[u] = e;
          stackNode.push(v);
          stackEdge.push(e);
          onPath[v] = 1;
          advanced = true;
          break;
        }
      }
      if (!advanced) {
        // A dead end for this phase: skip it from now on and step back.
        current[u] = -1;
        onPath[u] = 0;
        stackNode.pop();
        const back = stackEdge.pop();
        if (back !== undefined) current[stackNode[stackNode.length - 1]!] = this.next[back]!;
      }
    }
    return 0;
  }
}

/** A binary heap of (priority, node) pairs. */
class MinHeap {
  private keys: number[] = [];
  private values: number[] = [];
  get size() {
    return this.keys.length;
  }
  push(key: number, value: number) {
    const keys = this.keys;
    const values = this.values;
    let i = keys.length;
    keys.push(key);
    values.push(value);
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      values[i] = values[parent]!;
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }
  pop(): [number, number] {
    const keys = this.keys;
    const values = this.values;
    const top: [number, number] = [keys[0]!, values[0]!];
    const lastKey = keys.pop()!;
    const lastValue = values.pop()!;
    if (keys.length) {
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        if (l >= keys.length) break;
        const r = l + 1;
        const c = r < keys.length && keys[r]! < keys[l]! ? r : l;
        if (keys[c]! >= lastKey) break;
        keys[i] = keys[c]!;
        values[i] = values[c]!;
        i = c;
      }
      keys[i] = lastKey;
      values[i] = lastValue;
    }
    return top;
  }
}

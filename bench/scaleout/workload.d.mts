// Types of workload.mjs for the server-pg test that runs the scale-out in reduced form.
export interface Failure {
  kind: string;
  status: number;
  error?: string;
  upstream: string;
  startedAt: number;
  endedAt: number;
  msg?: string;
}
export interface Acked {
  creates: Array<{ postId: string; code: string }>;
  increments: Map<string, number>;
  baselines: Map<string, number>;
  uploads: Array<{ url: string; sha256: string }>;
}
export interface MixResult {
  acked: Acked;
  failures: Failure[];
  counts: { requests: number; byKind: Record<string, number> };
  seconds: number;
  requestsPerSec: number;
}
export function signIn(base: string): Promise<string>;
export function createCounters(base: string, token: string, count: number, tag: string): Promise<string[]>;
export function runMix(options: { base: string; token: string; counters: string[]; durationMs: number; concurrency: number; tag: string }): Promise<MixResult>;
export function verifyStored(options: { bases: string[]; token: string; acked: Acked; failures: Failure[] }): Promise<string[]>;
export function failuresOutsideKill(failures: Failure[], kill: { killedPort: number; diedAt: number }): Failure[];
export function checkSessions(options: { front: string; bases: string[] }): Promise<{ validEverywhere: boolean; signedOut: boolean; refusedEverywhereAfter: boolean }>;
export function checkCache(options: { bases: string[]; token: string; categoryId: number | string; tag: string }): Promise<{ added: boolean; seenEverywhere: boolean; detail?: string }>;
export function checkRateLimit(options: { front: string; ip: string }): Promise<{ statuses: number[]; upstreams: string[]; sixth: number; message?: string }>;

/**
 * The arithmetic of a run, kept apart from timers and SQL so the rules can be tested on their own.
 */

export interface RunLimits {
  timeoutSeconds: number;
  maxRetries: number;
  retryBackoffSeconds: number;
}

/** Wait before retry `retry` (1 for the first retry): the back-off doubles each time. */
export function backoffMs(limits: Pick<RunLimits, 'retryBackoffSeconds'>, retry: number): number {
  return limits.retryBackoffSeconds * 1000 * 2 ** (retry - 1);
}

/** The longest a healthy run can take: every attempt timing out, plus every back-off wait. */
export function runBudgetMs(limits: RunLimits): number {
  const attempts = limits.maxRetries + 1;
  return attempts * limits.timeoutSeconds * 1000 + limits.retryBackoffSeconds * 1000 * (2 ** limits.maxRetries - 1);
}

/**
 * How much longer than its budget a RUNNING row may stay before it counts as abandoned: the
 * instance that ran it was killed, lost its database connection or is stuck. Covers clock skew
 * between instances and a slow final database write.
 */
export const ABANDON_MARGIN_MS = 60_000;

/** A RUNNING row older than its budget plus the margin is no longer running anywhere. */
export function isAbandoned(startTime: Date, limits: RunLimits, now: Date, marginMs = ABANDON_MARGIN_MS): boolean {
  return now.getTime() - startTime.getTime() > runBudgetMs(limits) + marginMs;
}

/** The longest message body a run keeps; the start and the end of a longer one are what matter. */
export const MESSAGE_LIMIT = 16_000;

export function clipMessage(text: string): string {
  if (text.length <= MESSAGE_LIMIT) return text;
  const half = MESSAGE_LIMIT / 2;
  return `${text.slice(0, half)}\n…（省略 ${text.length - MESSAGE_LIMIT} 个字符）…\n${text.slice(-half)}`;
}

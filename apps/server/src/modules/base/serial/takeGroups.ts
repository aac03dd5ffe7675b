/**
 * Numbers taken in their own transaction, grouped per rule (an application-level group commit).
 *
 * Handing out a number is durable only when its transaction commits, and that commit (a WAL flush)
 * happens while the rule's row is still locked: one number per transaction is capped at one number
 * per flush, a few hundred a second on an ordinary disk. So callers that take numbers outside any
 * transaction of theirs (取号 from the console, a module calling `take` without a transaction) are
 * queued per rule, and while a group is being written the callers that arrive wait for the next
 * one: each group takes all its numbers with one UPDATE, writes its members' operation-log rows with
 * one INSERT and commits once. A lone caller is a group of one and does not wait.
 *
 * All or nothing per group: when the transaction fails no number is consumed and every member gets
 * the error, so a group never leaves a gap.
 */

/** One caller waiting in a rule's queue: how many numbers, and how to tell it that its group failed. */
export interface Waiting {
  count: number;
  reject: (error: unknown) => void;
}

/** Numbers one group may take at most (a caller takes at most 1 000 and is never split across groups). */
export const GROUP_MAX_NUMBERS = 5_000;

/**
 * A queue per rule code. `write(ruleCode, group)` takes and records the numbers of a whole group in
 * one transaction and settles every member; the next group starts when it returns. A `write` that
 * throws fails every member of its group.
 */
export function createTakeGroups<W extends Waiting>(write: (ruleCode: string, group: W[]) => Promise<void>) {
  const queues = new Map<string, W[]>();

  /** The callers that fit in the next group, in the order they arrived. */
  function nextGroup(waiting: W[]): W[] {
    let numbers = 0;
    let size = 0;
    while (size < waiting.length && (size === 0 || numbers + waiting[size]!.count <= GROUP_MAX_NUMBERS)) numbers += waiting[size++]!.count;
    return waiting.splice(0, size);
  }

  async function drain(ruleCode: string, waiting: W[]) {
    try {
      while (waiting.length) {
        const group = nextGroup(waiting);
        await write(ruleCode, group).catch((error: unknown) => group.forEach((member) => member.reject(error)));
      }
    } finally {
      queues.delete(ruleCode);
    }
  }

  /** Queues a caller of the rule; its group starts at once when none is being written. */
  return function enqueue(ruleCode: string, member: W): void {
    const waiting = queues.get(ruleCode);
    if (waiting) {
      waiting.push(member);
      return;
    }
    const fresh = [member];
    queues.set(ruleCode, fresh);
    void drain(ruleCode, fresh);
  };
}

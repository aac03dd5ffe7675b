import type { FormRule } from 'antd';
import { checkAvailable, type AvailabilityField } from '../api/auth';

/** Delay before a duplicate check is sent; a newer value for the same field supersedes a pending one. */
export const AVAILABILITY_DELAY_MS = 300;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  resolve: (message: string | null) => void;
}

/**
 * Live duplicate checks of the registration form (spec §5 duplicate-check list) through
 * /rest/register/checkAvailable. Answers are cached per value, so the same value is not asked
 * twice (blur, then submit). A check that gets no answer does not block the form: the server
 * refuses a duplicate on submit anyway (409).
 */
export function createAvailabilityChecker(delayMs = AVAILABILITY_DELAY_MS) {
  const answers = new Map<string, string | null>();
  const pending = new Map<AvailabilityField, Pending>();

  /** The refusal message for a taken value, or null when it is free (or unknown). */
  function check(field: AvailabilityField, value: string): Promise<string | null> {
    const key = `${field}\u0000${value}`;
    if (answers.has(key)) return Promise.resolve(answers.get(key) ?? null);
    const previous = pending.get(field);
    if (previous) {
      clearTimeout(previous.timer);
      previous.resolve(null); // superseded: the newer value's check decides
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(field);
        checkAvailable(field, value).then(
          (answer) => {
            const refusal = answer.available ? null : answer.msg || '已被占用';
            answers.set(key, refusal);
            resolve(refusal);
          },
          () => resolve(null),
        );
      }, delayMs);
      pending.set(field, { timer, resolve });
    });
  }

  /**
   * An antd rule that checks on blur (and on submit). `isFormatValid` keeps malformed values
   * from being sent; their format rule reports them.
   */
  function rule(field: AvailabilityField, isFormatValid: (value: string) => boolean = () => true): FormRule {
    return {
      validateTrigger: 'onBlur',
      validator: async (_rule, raw: unknown) => {
        const value = typeof raw === 'string' ? raw.trim() : '';
        if (!value || !isFormatValid(value)) return;
        const refusal = await check(field, value);
        if (refusal) throw new Error(refusal);
      },
    };
  }

  return { check, rule };
}

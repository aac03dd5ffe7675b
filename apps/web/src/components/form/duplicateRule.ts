/**
 * The live duplicate check of spec §5: a form says 岗位编码已存在 while the user types, not only
 * when 保存 is refused. It asks the shared /rest/common/checkDuplicate about fields the server
 * registers (`registerDuplicateCheck` in each feature's tables.ts).
 */
import type { FormRule } from 'antd';
import type { z } from 'zod';
import { duplicateCalls } from '@dandelion/shared/system/duplicate';
import { call } from '../../api/call';

/**
 * Pause (ms) after the last keystroke before a field is checked: put it on the Form.Item as
 * `validateDebounce`, so typing a code asks the server once, not once per letter.
 */
export const DUPLICATE_CHECK_DEBOUNCE_MS = 400;

/**
 * A check slower than this is given up: antd waits for every rule on 保存, and a stalled check
 * must not hold the save up (the unique index still refuses a taken value with 409).
 */
export const DUPLICATE_CHECK_TIMEOUT_MS = 5_000;

type Id = string | number | null | undefined;

export interface DuplicateRuleOptions {
  /** The entity the server registered ('post', 'user', 'menu' …) or one of its aliases. */
  tableName: string;
  /** The registered field ('postCode'). */
  fieldName: string;
  tableKey?: string;
  /** The record being edited, whose own value is not "taken"; absent or null when adding. */
  dataId?: Id | (() => Id);
  /**
   * The field's schema, the one its other rules come from: a value it refuses already shows that
   * rule's message, so nothing is asked about it.
   */
  schema?: z.ZodType;
  /**
   * The stored value the typed one stands for, when they differ (a dictionary code is stored as
   * PARENT|CODE); null or undefined when it cannot be told, and nothing is asked.
   */
  fieldVal?: (value: string) => string | null | undefined;
}

/**
 * An antd rule refusing a value another record already holds, with the server's message
 * (用户名已存在). Empty values pass (a required rule speaks for them); so does any value whose
 * check fails, since the check only warns early and saving is decided by the server.
 *
 * `<Form.Item rules={[...rules.postCode, duplicateRule({ tableName: 'post', fieldName: 'postCode', dataId: id, schema: postBody.shape.postCode })]}
 *   validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}>`
 */
export function duplicateRule({ tableName, fieldName, tableKey, dataId, schema, fieldVal }: DuplicateRuleOptions): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value.trim()) return;
      let typed = value.trim();
      if (schema) {
        const parsed = await schema.safeParseAsync(value);
        if (!parsed.success) return;
        if (typeof parsed.data === 'string') typed = parsed.data;
      }
      const asked = fieldVal ? fieldVal(typed) : typed;
      if (!asked) return;
      const id = typeof dataId === 'function' ? dataId() : dataId;
      let answer: { success: boolean; message: string };
      try {
        answer = await call(
          duplicateCalls.check,
          { tableName, tableKey, fieldName, fieldVal: asked, dataId: id === null || id === undefined || id === '' ? null : String(id) },
          { silent: true, timeoutMs: DUPLICATE_CHECK_TIMEOUT_MS },
        );
      } catch {
        return;
      }
      if (!answer.success) throw new Error(answer.message || '该值已存在');
    },
  };
}

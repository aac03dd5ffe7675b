/**
 * Form rules built from a call's zod schema (packages/shared), so the browser refuses a value with the
 * very message the server would answer: one definition of every rule and its Chinese wording.
 */
import type { FormRule } from 'antd';
import type { z } from 'zod';

/** The rule of one field: required (asterisk) when the schema refuses an empty value, and the schema's first message. */
export function zodRule(schema: z.ZodType): FormRule {
  return { required: !schema.safeParse(undefined).success, ...zodListRule(schema) };
}

/** The same check for a `Form.List` (antd takes only a validator there): the list's schema and its first message. */
export function zodListRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = await schema.safeParseAsync(value);
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '填写内容不正确');
    },
  };
}

/** `rulesOf(postBody).postCode` → the rules of the postCode field, for `<Form.Item rules={…}>`. */
export function rulesOf<S extends z.ZodObject>(schema: S): { readonly [K in keyof S['shape']]: FormRule[] } {
  return Object.fromEntries(Object.entries(schema.shape).map(([name, field]) => [name, [zodRule(field as z.ZodType)]])) as {
    [K in keyof S['shape']]: FormRule[];
  };
}

import type { FormRule } from 'antd';
import type { z } from 'zod';

/**
 * The rules of one field of a `Form.List` item, from the item's schema: the item is checked whole, so
 * the schema's cross-field checks (dates in order, a person or a unit named) land on the field their
 * path names, with the contract's message.
 */
export function itemRules(list: string, index: number, schema: z.ZodType, field: string): FormRule[] {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  const required = shape?.[field] ? !shape[field].safeParse(undefined).success : false;
  return [
    ({ getFieldValue }) => ({
      required,
      validator: async () => {
        const result = await schema.safeParseAsync(getFieldValue([list, index]) ?? {});
        const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
        if (issue) throw new Error(issue.message);
      },
    }),
  ];
}

/**
 * The rule of a `Form.List` as a whole (how many items): only the list's own issues, since each item's
 * are shown on its fields by `itemRules` and would otherwise show twice.
 */
export function listRules(schema: z.ZodType): Array<{ validator: (rule: unknown, value: unknown) => Promise<void> }> {
  return [
    {
      validator: async (_rule, value) => {
        const result = await schema.safeParseAsync(value ?? []);
        const issue = result.success ? undefined : result.error.issues.find((i) => i.path.length === 0);
        if (issue) throw new Error(issue.message);
      },
    },
  ];
}

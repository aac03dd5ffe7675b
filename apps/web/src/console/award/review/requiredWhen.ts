import type { FormRule } from 'antd';

/**
 * A field required only for one choice of another (an opinion when returning, reasons when
 * rejecting). Read from the form at validation time, so it holds whatever was rendered last.
 */
export const requiredWhen = (field: string, choice: unknown, message: string): FormRule => ({ getFieldValue }) => ({
  validator: (_, value: unknown) => {
    const empty = value === undefined || value === null || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && !value.length);
    return getFieldValue(field) === choice && empty ? Promise.reject(new Error(message)) : Promise.resolve();
  },
});

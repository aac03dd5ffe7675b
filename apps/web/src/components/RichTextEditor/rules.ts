/**
 * Form rules for rich text (spec §5 Rich text): the visible-character limit with the spec's
 * message, and "required" that looks at visible content rather than at markup.
 */
import type { FormRule } from 'antd';
import { countRichTextCharacters, REQUIRED_MESSAGE, richTextLimitMessage } from '@dandelion/shared';

/** Fails with 超出了允许的最大的字数限制：[ count/max ]! when the visible characters exceed `max`. */
export function richTextMaxLengthRule(max: number): FormRule {
  return {
    validator: (_rule, value: unknown) => {
      if (typeof value !== 'string') return Promise.resolve();
      const count = countRichTextCharacters(value);
      return count > max ? Promise.reject(new Error(richTextLimitMessage(count, max))) : Promise.resolve();
    },
  };
}

/**
 * Required for rich text: an image, a table or a line counts as content even without text; empty
 * paragraphs and spaces do not.
 */
export function richTextRequiredRule(message: string = REQUIRED_MESSAGE): FormRule {
  return {
    required: true,
    validator: (_rule, value: unknown) => {
      const html = typeof value === 'string' ? value : '';
      const filled = countRichTextCharacters(html) > 0 || /<(img|table|hr)\b/i.test(html);
      return filled ? Promise.resolve() : Promise.reject(new Error(message));
    },
  };
}

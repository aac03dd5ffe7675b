/**
 * Rich-text length rule (spec §5 Rich text): the visible characters of an
 * HTML fragment — tags, whitespace and entities stripped — must not exceed a
 * maximum, with the message 超出了允许的最大的字数限制：[ count/max ]!
 */
import { z } from 'zod';

/** Builds the spec §5 rich-text message, e.g. `超出了允许的最大的字数限制：[ 12/10 ]!`. */
export function richTextLimitMessage(count: number, max: number): string {
  return `超出了允许的最大的字数限制：[ ${count}/${max} ]!`;
}

/** Comments, and elements whose content is never shown (script, style, template). */
const INVISIBLE_BLOCKS = /<!--[\s\S]*?(?:-->|$)|<(script|style|template)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
/** Anything that looks like a start/end tag, doctype or processing instruction. */
const TAGS = /<\/?[A-Za-z!?][^>]*>/g;
/** Named (&nbsp;), decimal (&#20013;) and hexadecimal (&#x4e2d;) character references. */
const ENTITIES = /&(?:[A-Za-z][A-Za-z0-9]*|#\d+|#[xX][0-9A-Fa-f]+);/g;
/** All Unicode white space, plus zero-width characters an editor leaves behind. */
const INVISIBLE_CHARS = /[\s\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * The text that counts towards the limit.
 *
 * Reading of the spec: entities are *stripped*, not decoded — `&nbsp;`,
 * `&amp;` and `&#x4e2d;` all count as nothing, exactly as the spec says, so
 * the count is the same on every client whatever the editor escapes. Comments
 * and the content of script/style/template elements are not visible and do
 * not count either.
 */
export function visibleRichText(html: string | null | undefined): string {
  if (!html) return '';
  return html
    .replace(INVISIBLE_BLOCKS, '')
    .replace(TAGS, '')
    .replace(ENTITIES, '')
    .replace(INVISIBLE_CHARS, '');
}

/** Number of visible characters, counted by Unicode code point (一 = 1, 😀 = 1). */
export function countRichTextCharacters(html: string | null | undefined): number {
  return Array.from(visibleRichText(html)).length;
}

/** Pure predicate: true when the visible character count is at most `max`. */
export function isWithinRichTextLimit(html: string | null | undefined, max: number): boolean {
  return countRichTextCharacters(html) <= max;
}

/**
 * The rich-text rule for a given maximum, shaped like the other shared rules
 * except that the message depends on the value (it shows the count).
 */
export function richTextRule(max: number) {
  return {
    test: (value: unknown): boolean => typeof value !== 'string' || isWithinRichTextLimit(value, max),
    message: (value: unknown): string =>
      richTextLimitMessage(typeof value === 'string' ? countRichTextCharacters(value) : 0, max),
  };
}

/**
 * Zod refinement for `z.string().check(richTextRefinement(max))`: adds one
 * custom issue with the spec message when the visible count exceeds `max`.
 */
export function richTextRefinement(max: number) {
  return z.superRefine<string>((value, ctx) => {
    const count = countRichTextCharacters(value);
    if (count > max) {
      ctx.addIssue({ code: 'custom', message: richTextLimitMessage(count, max), input: value });
    }
  });
}

/** Ready schema: a string of HTML with at most `max` visible characters. */
export function zRichText(max: number) {
  return z.string().check(richTextRefinement(max));
}

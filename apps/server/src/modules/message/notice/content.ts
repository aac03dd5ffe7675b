import { countRichTextCharacters, fileIdsInRichText, richTextLimitMessage } from '@dandelion/shared';
import { NOTICE_TEXT_MAX } from '@dandelion/shared/message/notice';
import { errors } from '../../../core/errors';
import { sanitizeRichText } from '../../../core/richText';

export const SUMMARY_LENGTH = 120;
export const NOTICE_FILE_BIZ = 'NOTICE';

/** The stored body: sanitised by the allowlist, not empty, within the character limit. */
export function cleanNoticeContent(html: string): string {
  const clean = sanitizeRichText(html);
  const count = countRichTextCharacters(clean);
  if (count === 0 && !/<(img|table|hr)\b/i.test(clean)) throw errors.badRequest('请输入通知内容');
  if (count > NOTICE_TEXT_MAX) throw errors.badRequest(richTextLimitMessage(count, NOTICE_TEXT_MAX));
  return clean;
}

const ENTITIES: Record<string, string> = { '&nbsp;': ' ', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&amp;': '&' };

/** The plain-text opening of a sanitised body, for lists and the header dropdown. */
export function summaryOf(html: string): string {
  return html
    // Blocks and line breaks separate words; inline tags (strong, a, span) sit inside a Chinese sentence without a gap.
    .replace(/<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|table|tr|td|th)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:nbsp|lt|gt|quot|#39|amp);/g, (e) => ENTITIES[e] ?? e)
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SUMMARY_LENGTH);
}

/** Every file a notice shows: its attachments, then the images and links of its body. */
export function filesOfNotice(attachmentIds: readonly (string | number)[], content: string): number[] {
  return [...new Set([...attachmentIds.map(Number), ...fileIdsInRichText(content).map(Number)])];
}

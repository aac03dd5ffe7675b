export { RichTextView, type RichTextViewProps } from './RichTextView';
export { sanitiseRichText } from './sanitize';

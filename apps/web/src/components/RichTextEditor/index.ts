/**
 * The rich-text editor (spec §3, §4, §9). Only the shell and plain helpers are exported here; the
 * editor library loads in its own chunk when an editor is first rendered.
 */
export { RichTextEditor, EditorSkeleton } from './RichTextEditor';
export {
  DEFAULT_TOOLBAR_ITEMS,
  DEFAULT_UPLOAD_JSON,
  resolveEditorProps,
  type RichTextEditorHandle,
  type RichTextEditorProps,
  type ToolbarItem,
} from './props';
export { RICH_TEXT_EDITOR_TAGS, ITEM_LABELS } from './catalogue';
export { richTextMaxLengthRule, richTextRequiredRule } from './rules';

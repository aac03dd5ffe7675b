/**
 * What the toolbar offers and which HTML each feature writes. Plain data (no editor library), so
 * the shell can filter items and the tests can compare the tags with the server's allowlist.
 */

/**
 * The server's allowlist (apps/server/src/core/richText.ts RICH_TEXT_TAGS). Kept as a copy because
 * the web cannot import server code; a test fails when the two differ.
 */
export const SERVER_RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'span', 'div',
  'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
] as const;

/** The tags each editor feature writes; a feature is loaded only when all of its tags are allowed. */
export const FEATURE_TAGS = {
  heading: ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'], // per level: a level is offered when its tag is allowed
  bold: ['strong'],
  italic: ['em'],
  underline: ['u'],
  strike: ['s'],
  code: ['code'],
  codeBlock: ['pre', 'code'],
  blockquote: ['blockquote'],
  hardBreak: ['br'],
  horizontalRule: ['hr'],
  bulletList: ['ul', 'li'],
  orderedList: ['ol', 'li'],
  link: ['a'],
  image: ['img'],
  table: ['table', 'colgroup', 'col', 'tbody', 'tr', 'th', 'td'],
  // Colour, background colour and font size are styles on a <span>.
  textStyle: ['span'],
} as const satisfies Record<string, readonly string[]>;

export type Feature = keyof typeof FEATURE_TAGS;

/** Every tag the editor can write: its default `htmlTags`. */
export const RICH_TEXT_EDITOR_TAGS: readonly string[] = ['p', ...new Set(Object.values(FEATURE_TAGS).flat())];

export type ToolbarItem =
  | '|'
  | 'undo' | 'redo'
  | 'formatblock' | 'fontsize'
  | 'bold' | 'italic' | 'underline' | 'strikethrough' | 'forecolor' | 'hilitecolor'
  | 'justifyleft' | 'justifycenter' | 'justifyright' | 'justifyfull'
  | 'insertorderedlist' | 'insertunorderedlist' | 'blockquote' | 'code'
  | 'link' | 'unlink' | 'image' | 'filemanager' | 'table' | 'hr'
  | 'removeformat' | 'fullscreen';

/** Chinese name of each item: its tooltip and its accessible name. */
export const ITEM_LABELS: Readonly<Record<Exclude<ToolbarItem, '|'>, string>> = {
  undo: '撤销',
  redo: '重做',
  formatblock: '标题',
  fontsize: '字号',
  bold: '加粗',
  italic: '斜体',
  underline: '下划线',
  strikethrough: '删除线',
  forecolor: '文字颜色',
  hilitecolor: '背景色',
  justifyleft: '左对齐',
  justifycenter: '居中',
  justifyright: '右对齐',
  justifyfull: '两端对齐',
  insertorderedlist: '有序列表',
  insertunorderedlist: '无序列表',
  blockquote: '引用',
  code: '代码块',
  link: '链接',
  unlink: '取消链接',
  image: '图片',
  filemanager: '图片库',
  table: '表格',
  hr: '分割线',
  removeformat: '清除格式',
  fullscreen: '全屏',
};

/** The tags an item needs; items without an entry need nothing beyond a paragraph. */
export const ITEM_TAGS: Partial<Record<ToolbarItem, readonly string[]>> = {
  fontsize: FEATURE_TAGS.textStyle,
  bold: FEATURE_TAGS.bold,
  italic: FEATURE_TAGS.italic,
  underline: FEATURE_TAGS.underline,
  strikethrough: FEATURE_TAGS.strike,
  forecolor: FEATURE_TAGS.textStyle,
  hilitecolor: FEATURE_TAGS.textStyle,
  insertorderedlist: FEATURE_TAGS.orderedList,
  insertunorderedlist: FEATURE_TAGS.bulletList,
  blockquote: FEATURE_TAGS.blockquote,
  code: FEATURE_TAGS.codeBlock,
  link: FEATURE_TAGS.link,
  unlink: FEATURE_TAGS.link,
  image: FEATURE_TAGS.image,
  filemanager: FEATURE_TAGS.image,
  table: FEATURE_TAGS.table,
  hr: FEATURE_TAGS.horizontalRule,
};

/** The colours offered first by both colour buttons (KindEditor's palette, which users know). */
export const COLOUR_PRESETS = [
  '#E53333', '#E56600', '#FF9900', '#64451D', '#DFC5A4', '#FFE500',
  '#009900', '#006600', '#99BB00', '#B8D100', '#60D978', '#00D5FF',
  '#337FE5', '#003399', '#4C33E5', '#9933E5', '#CC33E5', '#EE33EE',
  '#FFFFFF', '#CCCCCC', '#999999', '#666666', '#333333', '#000000',
] as const;

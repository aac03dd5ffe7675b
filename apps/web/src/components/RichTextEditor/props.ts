/**
 * The editor's props (spec §3 Rich-text editor props) and their defaults (spec §9), resolved
 * without loading the editor library: the shell and the form rules import only this file.
 */
import type { Ref } from 'react';
import { RICH_TEXT_EDITOR_DEFAULTS } from '@dandelion/shared';
import { ITEM_TAGS, RICH_TEXT_EDITOR_TAGS, SERVER_RICH_TEXT_TAGS, type ToolbarItem } from './catalogue';

export type { ToolbarItem } from './catalogue';

/** What a form (or a page) can do with a mounted editor. */
export interface RichTextEditorHandle {
  focus(): void;
  blur(): void;
  /** The current content, including typing not yet emitted (see minChangeSize). */
  getHtml(): string;
}

export interface RichTextEditorProps {
  /** The HTML (antd Form's value). `html` and `content` are the spec's names for the same thing. */
  value?: string | null;
  html?: string | null;
  content?: string | null;
  /** Called with the new HTML ('' when empty): every structural change, typing in steps of minChangeSize, and on blur. */
  onChange?(html: string): void;
  onBlur?(): void;
  onFocus?(): void;
  /** Id of the editor's wrapper, so a Form.Item label and scrollToField find it. */
  id?: string;
  /** Width: a number is pixels. Default '100%'. */
  width?: number | string;
  /** Height of the writing area in pixels (it can be dragged taller). Default 400. */
  height?: number;
  /** Default 650 px. Below it the editor scrolls sideways instead of squashing the toolbar. */
  minWidth?: number;
  /** Default 400 px. */
  minHeight?: number;
  /** Toolbar items in order, '|' for a separator. Default DEFAULT_TOOLBAR_ITEMS. */
  items?: readonly ToolbarItem[];
  /** The only tags the editor keeps. Default: every tag it can produce, all inside the server's allowlist. */
  htmlTags?: readonly string[];
  /** Font size choices; numbers are pixels. Default 9, 10, 12, 14, 16, 18, 24, 32px. */
  fontSizes?: readonly (number | string)[];
  /** Only 'zh-CN' exists: the product is Chinese throughout. */
  langType?: 'zh-CN';
  /** 'default': bordered toolbar; 'simple': compact toolbar without separators. */
  themeType?: 'default' | 'simple';
  /** Extra class on the writing area (KindEditor's body class). */
  bodyClass?: string;
  /** Upload endpoint (a path under the API base). Default '/auth/webUpload'. */
  uploadJson?: string;
  /** Image-library endpoint; the 图片库 button shows only when given. See docs/rich-text-editor.md. */
  fileManagerJson?: string;
  /** Multipart field name of an uploaded image. Default 'imgFile'. */
  filePostName?: string;
  /** z-index of full screen and of the editor's popups. Default 811213. */
  zIndex?: number;
  /** Typing is emitted once this many characters have changed; other changes and blur emit at once. Default 5. */
  minChangeSize?: number;
  /** Milliseconds after creation during which an arriving value is taken as the initial content. Default 1000. */
  loadDelay?: number;
  readonly?: boolean;
  /** Also taken from an enclosing antd Form's `disabled`. */
  disabled?: boolean;
  /** Visible-character limit (spec §5); shows 当前字数：n/max under the editor. */
  maxLength?: number;
  /** Border colour of a failed field; taken from the enclosing Form.Item when not given. */
  status?: 'error' | 'warning';
  placeholder?: string;
  ref?: Ref<RichTextEditorHandle>;
}

/** The toolbar of spec §9 defaults, in the order a KindEditor user knows. */
export const DEFAULT_TOOLBAR_ITEMS: readonly ToolbarItem[] = [
  'undo', 'redo', '|',
  'formatblock', 'fontsize', '|',
  'bold', 'italic', 'underline', 'strikethrough', 'forecolor', 'hilitecolor', '|',
  'justifyleft', 'justifycenter', 'justifyright', 'justifyfull', '|',
  'insertorderedlist', 'insertunorderedlist', 'blockquote', '|',
  'link', 'unlink', 'image', 'filemanager', 'table', 'hr', '|',
  'removeformat', 'fullscreen',
];

export const DEFAULT_UPLOAD_JSON = '/auth/webUpload';
export const DEFAULT_PLACEHOLDER = '请输入内容';

/** A font size the server keeps (core/richText.ts LENGTH): 1–4 digits, optional decimals, a CSS unit. */
const FONT_SIZE = /^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)$/;

/** Numbers become pixels; sizes the server would strip are dropped; duplicates once. */
export function normaliseFontSizes(sizes: readonly (number | string)[]): string[] {
  const out: string[] = [];
  for (const size of sizes) {
    const text = typeof size === 'number' ? `${size}px` : size.trim();
    if (FONT_SIZE.test(text) && !out.includes(text)) out.push(text);
  }
  return out;
}

/** The allowed tags: the caller's list, lower-cased, kept only where the server keeps them too. */
export function normaliseHtmlTags(tags: readonly string[]): string[] {
  const server = new Set<string>(SERVER_RICH_TEXT_TAGS);
  return [...new Set(tags.map((tag) => tag.trim().toLowerCase()))].filter((tag) => server.has(tag));
}

/** Toolbar items that can work with the allowed tags (and, for the image library, an endpoint). */
export function usableItems(items: readonly ToolbarItem[], htmlTags: readonly string[], fileManagerJson: string | undefined): ToolbarItem[] {
  const allowed = new Set(htmlTags);
  const usable = items.filter((item) => {
    if (item === 'filemanager' && !fileManagerJson) return false;
    if (item === 'formatblock') return ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].some((tag) => allowed.has(tag));
    return (ITEM_TAGS[item] ?? []).every((tag) => allowed.has(tag));
  });
  // No separator at either end or twice in a row once items have gone.
  return usable.filter((item, index) => item !== '|' || (index > 0 && index < usable.length - 1 && usable[index - 1] !== '|'));
}

type Resolved = Required<
  Pick<
    RichTextEditorProps,
    | 'width' | 'height' | 'minWidth' | 'minHeight' | 'langType' | 'themeType' | 'uploadJson' | 'filePostName'
    | 'zIndex' | 'minChangeSize' | 'loadDelay' | 'readonly' | 'disabled' | 'placeholder'
  >
>;

/** Props after defaults: what the editor itself receives. */
export interface ResolvedEditorProps extends Resolved {
  value: string;
  items: ToolbarItem[];
  htmlTags: string[];
  fontSizes: string[];
  bodyClass?: string;
  fileManagerJson?: string;
  maxLength?: number;
  status?: 'error' | 'warning';
  id?: string;
  onChange?(html: string): void;
  onBlur?(): void;
  onFocus?(): void;
  handleRef?: Ref<RichTextEditorHandle>;
}

const nonNegative = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;

/** Applies the spec §9 defaults. `value` wins over `html`, which wins over `content`. */
export function resolveEditorProps(props: RichTextEditorProps): ResolvedEditorProps {
  const d = RICH_TEXT_EDITOR_DEFAULTS;
  const htmlTags = normaliseHtmlTags(props.htmlTags ?? RICH_TEXT_EDITOR_TAGS);
  const fileManagerJson = props.fileManagerJson?.trim() || undefined;
  const fontSizes = normaliseFontSizes(props.fontSizes ?? d.fontSizes);
  return {
    value: props.value ?? props.html ?? props.content ?? '',
    onChange: props.onChange,
    onBlur: props.onBlur,
    onFocus: props.onFocus,
    id: props.id,
    width: props.width ?? d.width,
    height: nonNegative(props.height, d.height),
    minWidth: nonNegative(props.minWidth, d.minWidth),
    minHeight: nonNegative(props.minHeight, d.minHeight),
    items: usableItems(props.items ?? DEFAULT_TOOLBAR_ITEMS, htmlTags, fileManagerJson),
    htmlTags,
    fontSizes: fontSizes.length ? fontSizes : [...d.fontSizes],
    langType: 'zh-CN',
    themeType: props.themeType === 'simple' ? 'simple' : 'default',
    bodyClass: props.bodyClass,
    uploadJson: props.uploadJson?.trim() || DEFAULT_UPLOAD_JSON,
    fileManagerJson,
    filePostName: props.filePostName?.trim() || d.uploadFieldName,
    zIndex: nonNegative(props.zIndex, d.zIndex),
    minChangeSize: nonNegative(props.minChangeSize, d.minChangeSize),
    loadDelay: nonNegative(props.loadDelay, d.initialContentDelayMs),
    readonly: props.readonly ?? false,
    disabled: props.disabled ?? false,
    maxLength: typeof props.maxLength === 'number' && props.maxLength > 0 ? Math.floor(props.maxLength) : undefined,
    status: props.status,
    placeholder: props.placeholder ?? DEFAULT_PLACEHOLDER,
    handleRef: props.ref,
  };
}

/** A CSS length from a number (pixels) or a string kept as given. */
export const cssLength = (value: number | string) => (typeof value === 'number' ? `${value}px` : value);

/**
 * The browser's second look at stored rich text. The server sanitises before storing
 * (core/richText.ts) and that is the rule; this is defence in depth for HTML that never went
 * through it (rows written before the sanitiser existed, another system writing to the table, an
 * allowlist bug) — see docs/rich-text-editor.md. Same allowlist, enforced with DOMPurify, which
 * parses exactly as the browser that will render the result does.
 */
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import { SERVER_RICH_TEXT_TAGS } from '../RichTextEditor/catalogue';
import { currentToken } from '../../api/session';
import { displayImageSrc, isSafeImageSrc, isSafeLink } from './addresses';

/** Attributes each element may keep (the server's allowedAttributes); style is checked separately. */
const ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  col: ['span'],
  ol: ['start'],
};
const ALL_ATTRIBUTES = [...new Set(['style', ...Object.values(ATTRIBUTES).flat()])];

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;
const LENGTH = /^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)$/;
/** CSS properties a run of text or a block may carry, with the values accepted (the server's list). */
const STYLES: Readonly<Record<string, RegExp>> = {
  color: COLOUR,
  'background-color': COLOUR,
  'text-align': /^(left|right|center|justify)$/,
  'font-size': LENGTH,
  'font-weight': /^(normal|bold|[1-9]00)$/,
  'font-style': /^(normal|italic)$/,
  'text-decoration': /^(none|underline|line-through)$/,
  'line-height': /^(\d{1,2}(\.\d{1,2})?|\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt))$/,
  'text-indent': LENGTH,
  'padding-left': LENGTH,
  'margin-left': LENGTH,
};
const SIZED = new Set(['img', 'td', 'th', 'col']);

/** The declarations of a style attribute that are allowed, re-serialised; '' when none is. */
export function allowedStyle(tag: string, style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const rule = STYLES[name] ?? (name === 'width' || (name === 'height' && tag === 'img') ? (SIZED.has(tag) ? LENGTH : undefined) : undefined);
    if (rule?.test(value)) kept.push(`${name}: ${value}`);
  }
  return kept.join('; ');
}

export interface SanitiseOptions {
  /** Rewrite file-service image addresses for display (adds the viewer's token). Default true. */
  displayImages?: boolean;
  /** The viewer's token for those addresses; the signed-in user's unless given. */
  token?: string;
}

const CONFIG: Config = {
  ALLOWED_TAGS: [...SERVER_RICH_TEXT_TAGS],
  ALLOWED_ATTR: ALL_ATTRIBUTES,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  // Addresses are judged by the hooks below with the server's rules; this only stops DOMPurify's
  // own wider list (ftp:, cid:, xmpp: …) from letting anything else through first.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#)/i,
  // DOMPurify applies that address rule to every attribute it does not know to be plain text.
  ADD_URI_SAFE_ATTR: ['target', 'rel', 'colspan', 'rowspan', 'span', 'start', 'width', 'height', 'title', 'alt'],
  // Content of these is dropped, not kept as text (as the server's nonTextTags).
  FORBID_CONTENTS: ['script', 'style', 'textarea', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head'],
  KEEP_CONTENT: true,
};

let purifier: DOMPurify | null = null;
/** The options of the sanitise call under way (hooks are installed once, per instance). */
let current: SanitiseOptions = {};

function instance(): DOMPurify {
  if (purifier) return purifier;
  // Our own instance: hooks added here never reach other users of the default DOMPurify.
  const p = createDOMPurify(window);
  p.addHook('uponSanitizeAttribute', (node, event) => {
    const tag = node.nodeName.toLowerCase();
    const name = event.attrName;
    if (name === 'style') {
      const style = allowedStyle(tag, event.attrValue);
      if (style) event.attrValue = style;
      else event.keepAttr = false;
      return;
    }
    if (!(ATTRIBUTES[tag] ?? []).includes(name)) event.keepAttr = false;
    else if (name === 'href' && !isSafeLink(event.attrValue)) event.keepAttr = false;
    else if (name === 'src' && !isSafeImageSrc(event.attrValue)) event.keepAttr = false;
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    const tag = node.nodeName.toLowerCase();
    if (tag === 'a') {
      const target = node.getAttribute('target');
      if (target && target !== '_blank' && target !== '_self') node.removeAttribute('target');
      // A link opening a new window must not hand that window a handle on ours.
      if (node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
      else node.removeAttribute('rel');
    }
    if (tag === 'img') {
      const src = node.getAttribute('src');
      if (!src) {
        node.remove();
        return;
      }
      if (current.displayImages ?? true) {
        node.setAttribute('src', displayImageSrc(src, 'token' in current ? current.token : currentToken()));
        node.setAttribute('loading', 'lazy');
      }
    }
  });
  purifier = p;
  return p;
}

/** Stored rich text made safe to put into the page. */
export function sanitiseRichText(html: string | null | undefined, options: SanitiseOptions = {}): string {
  if (!html) return '';
  current = options;
  try {
    return instance().sanitize(html, CONFIG);
  } finally {
    current = {};
  }
}

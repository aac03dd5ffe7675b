import sanitizeHtml from 'sanitize-html';

/**
 * Rich text is sanitised here, on the server, with an allowlist before it is stored: whatever a
 * client sends, only these elements, attributes, styles and URL schemes survive. The list is what
 * the console's editor can produce (headings, lists, tables, links, images, colours, alignment).
 */
export const RICH_TEXT_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'strong', 'b', 'em', 'i', 'u', 's', 'del', 'sub', 'sup', 'mark', 'span', 'div',
  'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption',
  'table', 'caption', 'colgroup', 'col', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td',
] as const;

/** CSS properties a paragraph or a run of text may carry, each with the values it accepts. */
const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
const LENGTH = [/^\d{1,4}(\.\d{1,2})?(px|em|rem|%|pt)$/];
const ALLOWED_STYLES: sanitizeHtml.IOptions['allowedStyles'] = {
  '*': {
    color: COLOUR,
    'background-color': COLOUR,
    'text-align': [/^(left|right|center|justify)$/],
    'font-size': LENGTH,
    'font-weight': [/^(normal|bold|[1-9]00)$/],
    'font-style': [/^(normal|italic)$/],
    'text-decoration': [/^(none|underline|line-through)$/],
    'line-height': [/^\d{1,2}(\.\d{1,2})?$/, ...LENGTH],
    'text-indent': LENGTH,
    'padding-left': LENGTH,
    'margin-left': LENGTH,
  },
  img: { width: LENGTH, height: LENGTH },
  td: { width: LENGTH },
  th: { width: LENGTH },
  col: { width: LENGTH },
};

/**
 * Addresses kept in href and src: absolute web, mail and phone links, and paths on this site.
 * Anything else (relative junk such as `javascript:…` hidden behind a backtick) is dropped.
 */
const SAFE_ADDRESS = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d\s-]+|\/(?!\/)[^\s]*|#[\w-]*)$/i;
const keepSafeAddress = (attribs: Record<string, string>, name: 'href' | 'src') => {
  const value = attribs[name]?.trim();
  if (value === undefined) return attribs;
  const out = { ...attribs };
  if (SAFE_ADDRESS.test(value)) out[name] = value;
  else delete out[name];
  return out;
};

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    '*': ['style'],
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    col: ['span'],
    ol: ['start'],
  },
  allowedStyles: ALLOWED_STYLES,
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  // Images come from the file service or other web addresses; never data: or javascript: sources.
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // Dropped along with their content: nothing of a script or a style sheet is kept as text either.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math', 'title', 'head'],
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: true,
  transformTags: {
    // A link that opens a new window must not hand that window a handle on ours.
    a: (tagName, attribs) => {
      const out: Record<string, string> = keepSafeAddress(attribs, 'href');
      if (out.target && out.target !== '_blank' && out.target !== '_self') delete out.target;
      if (out.target === '_blank') out.rel = 'noopener noreferrer';
      else delete out.rel;
      return { tagName, attribs: out };
    },
    img: (tagName, attribs) => ({ tagName, attribs: keepSafeAddress(attribs, 'src') }),
    b: 'strong',
    i: 'em',
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/** The stored form of any rich text a user sends; an empty result is stored as an empty string. */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return sanitizeHtml(html, OPTIONS).trim();
}

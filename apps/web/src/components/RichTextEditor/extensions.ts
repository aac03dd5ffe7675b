/**
 * The Tiptap extensions of the editor, chosen by the allowed tags: a feature whose tags are not all
 * allowed is not loaded, so the editor can neither produce nor keep its elements (ProseMirror drops
 * what its schema does not know and keeps the text inside).
 */
import type { AnyExtension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import { BackgroundColor, Color, FontSize, TextStyle } from '@tiptap/extension-text-style';
import { TextAlign } from '@tiptap/extension-text-align';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { Link } from '@tiptap/extension-link';
import { currentToken } from '../../api/session';
import { displayImageSrc, isSafeImageSrc, isSafeLink, withoutAuthorization } from '../RichTextView/addresses';
import { FEATURE_TAGS, type Feature } from './catalogue';

type Level = 1 | 2 | 3 | 4 | 5 | 6;

/** The features the allowed tags permit, and the heading levels among them. */
export function enabledFeatures(htmlTags: readonly string[]): { features: Set<Feature>; headingLevels: Level[] } {
  const allowed = new Set(htmlTags);
  const features = new Set<Feature>();
  for (const [feature, tags] of Object.entries(FEATURE_TAGS) as [Feature, readonly string[]][]) {
    if (feature === 'heading') continue;
    if (tags.every((tag) => allowed.has(tag))) features.add(feature);
  }
  const headingLevels = ([1, 2, 3, 4, 5, 6] as const).filter((level) => allowed.has(`h${level}`));
  if (headingLevels.length) features.add('heading');
  return { features, headingLevels: [...headingLevels] };
}

/**
 * Images: inline (so a paragraph's alignment centres them, as in KindEditor), only from addresses
 * the server keeps, stored without any token, and shown through the display address (a private
 * file-service image needs the viewer's token; see RichTextView/addresses.ts).
 */
const StoredImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: { default: null, parseHTML: (element: HTMLElement) => withoutAuthorization(element.getAttribute('src') ?? '') },
    };
  },
  parseHTML() {
    return [{ tag: 'img[src]', getAttrs: (element: HTMLElement) => (isSafeImageSrc(element.getAttribute('src')) ? null : false) }];
  },
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      const paint = (attrs: Record<string, unknown>) => {
        for (const name of ['alt', 'title', 'width', 'height'] as const) {
          const value = attrs[name];
          if (value === null || value === undefined || value === '') img.removeAttribute(name);
          else img.setAttribute(name, String(value));
        }
        const src = typeof attrs.src === 'string' ? attrs.src : '';
        img.setAttribute('src', src ? displayImageSrc(src, currentToken()) : '');
      };
      paint(node.attrs);
      return {
        dom: img,
        update: (next) => {
          if (next.type !== node.type) return false;
          paint(next.attrs);
          return true;
        },
      };
    };
  },
});

/**
 * Links keep how they open: a new window (target _blank, with rel noopener noreferrer, as the
 * server writes it) or this one (no target). Tiptap's own Link would give every loaded link
 * without a target its default target, turning same-window links into new-window ones.
 */
const SiteLink = Link.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      target: {
        default: '_blank',
        parseHTML: (element: HTMLElement) => (element.getAttribute('target') === '_blank' ? '_blank' : ''),
        renderHTML: (attrs: Record<string, unknown>) => (attrs.target ? { target: attrs.target } : {}),
      },
      rel: {
        default: 'noopener noreferrer',
        parseHTML: (element: HTMLElement) => (element.getAttribute('target') === '_blank' ? 'noopener noreferrer' : ''),
        renderHTML: (attrs: Record<string, unknown>) => (attrs.target && attrs.rel ? { rel: attrs.rel } : {}),
      },
      class: { default: null, parseHTML: () => null, renderHTML: () => ({}) },
    };
  },
});

export interface ExtensionOptions {
  htmlTags: readonly string[];
  placeholder: string;
}

export function buildExtensions({ htmlTags, placeholder }: ExtensionOptions): AnyExtension[] {
  const { features, headingLevels } = enabledFeatures(htmlTags);
  const has = (feature: Feature) => features.has(feature);
  const extensions: AnyExtension[] = [
    StarterKit.configure({
      heading: has('heading') ? { levels: headingLevels } : false,
      bold: has('bold') ? {} : false,
      italic: has('italic') ? {} : false,
      underline: has('underline') ? {} : false,
      strike: has('strike') ? {} : false,
      code: has('code') ? {} : false,
      codeBlock: has('codeBlock') ? {} : false,
      blockquote: has('blockquote') ? {} : false,
      hardBreak: has('hardBreak') ? {} : false,
      horizontalRule: has('horizontalRule') ? {} : false,
      bulletList: has('bulletList') ? {} : false,
      orderedList: has('orderedList') ? {} : false,
      listItem: has('bulletList') || has('orderedList') ? {} : false,
      listKeymap: has('bulletList') || has('orderedList') ? {} : false,
      // Our own, below.
      link: false,
    }),
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right', 'justify'] }),
    Placeholder.configure({ placeholder }),
  ];
  if (has('link')) {
    extensions.push(
      SiteLink.configure({
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        // The server's rule (core/richText.ts): web, mail, phone, site paths and anchors only.
        isAllowedUri: (url) => isSafeLink(url),
        shouldAutoLink: (url) => /^https?:\/\//i.test(url) || /^[\w-]+(\.[\w-]+)+/.test(url),
        // Rendered from the attributes above only; Tiptap's defaults (nofollow, a class) would be merged in.
        HTMLAttributes: { target: null, rel: null, class: null },
      }),
    );
  }
  if (has('textStyle')) extensions.push(TextStyle, Color, BackgroundColor, FontSize);
  if (has('image')) extensions.push(StoredImage.configure({ inline: true, allowBase64: false }));
  if (has('table')) extensions.push(TableKit.configure({ table: { resizable: false } }));
  return extensions;
}

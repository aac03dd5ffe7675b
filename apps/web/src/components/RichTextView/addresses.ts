/**
 * Addresses inside rich text, judged the way the server judges them (core/richText.ts), and the
 * display address of an image stored by the file service.
 */
import { apiUrl } from '../../api/http';
import { STREAM_DOWNLOAD_PATH } from '../../api/download';

/** Link targets the server keeps: web, mail and phone addresses, paths on this site, anchors. */
const SAFE_LINK = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+\d\s-]+|\/(?!\/)[^\s]*|#[\w-]*)$/i;
/** Image sources the server keeps: web addresses and paths on this site (never data: or javascript:). */
const SAFE_IMAGE = /^(?:https?:\/\/[^\s]+|\/(?!\/)[^\s]*)$/i;

export function isSafeLink(href: string | null | undefined): href is string {
  return typeof href === 'string' && SAFE_LINK.test(href.trim());
}

export function isSafeImageSrc(src: string | null | undefined): src is string {
  return typeof src === 'string' && SAFE_IMAGE.test(src.trim());
}

const STREAM_PREFIX = `${STREAM_DOWNLOAD_PATH}?`;

/**
 * A stored address without the `authorization` query parameter. The display address of a private
 * image carries the viewer's token (below); copied and pasted back into an editor, that token must
 * never be saved into the content.
 */
export function withoutAuthorization(src: string): string {
  const trimmed = src.trim();
  if (!trimmed.startsWith(STREAM_PREFIX) && !/[?&]authorization=/i.test(trimmed)) return trimmed;
  const [path, query = ''] = trimmed.split('?', 2) as [string, string?];
  const kept = query.split('&').filter((pair) => pair && !/^authorization=/i.test(pair));
  return kept.length ? `${path}?${kept.join('&')}` : path;
}

/**
 * Where the browser fetches an image from. Files the file service streams are private until their
 * record is published, and an <img> cannot send the authorization header, so for a signed-in
 * viewer the token travels in the query, as it does for downloads (api/download.ts). Other
 * addresses are used as they are.
 */
export function displayImageSrc(src: string, token: string | undefined): string {
  const clean = withoutAuthorization(src);
  if (!clean.startsWith(STREAM_PREFIX)) return clean;
  const url = apiUrl(clean);
  return token ? `${url}&authorization=${encodeURIComponent(token)}` : url;
}

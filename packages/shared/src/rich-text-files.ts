/**
 * Files referenced by rich text. The editor inserts uploaded images by their file-service address
 * (/stream/fms/downloads/1?fileId=…&filename=…); such a file is private to its uploader until the
 * module saving the content attaches it to its record (file service `attach`) and, on publishing,
 * makes the record's files public (`setRecordVisibility`). This finds the ids to attach.
 */

/** `src` or `href` values pointing at the streaming download, HTML-escaped or not. */
const STREAM_ADDRESS = /\b(?:src|href)\s*=\s*(["']?)\/stream\/fms\/downloads\/1\?([^"'\s>]*)\1/gi;

/** The fileIds (decimal strings, in first-seen order, once each) that a piece of rich text shows or links to. */
export function fileIdsInRichText(html: string | null | undefined): string[] {
  if (!html) return [];
  const ids: string[] = [];
  for (const match of html.matchAll(STREAM_ADDRESS)) {
    const query = match[2]!.replace(/&amp;/gi, '&');
    for (const pair of query.split('&')) {
      const [name, value] = pair.split('=');
      if (name === 'fileId' && value && /^[1-9]\d{0,17}$/.test(value) && !ids.includes(value)) ids.push(value);
    }
  }
  return ids;
}

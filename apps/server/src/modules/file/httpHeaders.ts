/** A byte range to send, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 §14): `bytes=0-99`, `bytes=100-`,
 * `bytes=-500`. Answers null when the header is absent or not one we serve (several ranges,
 * another unit: the whole file is sent then), 'unsatisfiable' for a range outside the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Content-Disposition for any file name, Chinese included (RFC 6266 / 5987): an ASCII fallback
 * for old clients and the UTF-8 name in filename*. Quotes, backslashes and line breaks never
 * reach the header.
 */
export function contentDisposition(type: 'inline' | 'attachment', filename: string): string {
  const clean = filename.replace(/[\r\n"\\]/g, '').trim() || 'download';
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 ? clean.slice(dot).replace(/[^\x20-\x7e]/g, '') : '';
  const asciiBase = (dot > 0 ? clean.slice(0, dot) : clean).replace(/[^\x20-\x7e]/g, '_');
  const fallback = `${asciiBase || 'download'}${ext}`;
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * The name a download is saved under: the caller may choose the base name (the link carries one),
 * never the extension, which is the stored upload's — a text upload fetched as `evil.html` is saved
 * as `evil.txt`.
 */
export function downloadName(requested: string, stored: string): string {
  const dot = (name: string) => name.lastIndexOf('.');
  const base = dot(requested) > 0 ? requested.slice(0, dot(requested)) : requested;
  const ext = dot(stored) > 0 ? stored.slice(dot(stored)) : '';
  return `${base || 'download'}${ext}`;
}

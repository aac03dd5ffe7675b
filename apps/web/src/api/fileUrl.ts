/** Stored file addresses (spec §5 file-URL helper). */

/**
 * A stored file's address for use in `src`/`href`. A value that already starts with `prefix`
 * (an absolute http(s) address by default) is kept; a relative one becomes root-relative. Values
 * with '[' are kept: they are JSON lists of files, not addresses, and must reach the caller intact.
 * A value that is root-relative already is kept too: another '/' would make it '//host…', an
 * address on another site.
 */
export function fileUrl(value: string | null | undefined, prefix = 'http'): string {
  if (!value) return '';
  if (value.startsWith(prefix)) return value;
  if (value.includes('[') || value.startsWith('/')) return value;
  return `/${value}`;
}

/**
 * The in-app path to go to after signing in. Only same-origin absolute paths are
 * accepted ('/declare', '/query?x=1'); anything else ('//evil.example', 'https://…')
 * falls back to the home page, so the login page cannot be used as an open redirect.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return fallback;
  }
  return target;
}

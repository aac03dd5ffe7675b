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

/** '/login?redirect=/center': the sign-in page, returning to `path` afterwards (slashes kept readable). */
export function loginPathFor(path: string): string {
  if (!path || path === '/' || path.startsWith('/login')) return '/login';
  return `/login?redirect=${encodeURIComponent(path).replace(/%2F/gi, '/')}`;
}

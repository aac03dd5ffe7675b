import type { UIMatch } from 'react-router';

/** The site's name until the console (or the portal index) has loaded the configured one. */
export const DEFAULT_TITLE = '蒲公英';

/** Route `handle` fields the shell understands. */
export interface RouteHandle {
  /** Document title while the route is the deepest one that sets a title. */
  title?: string;
}

/** The title of the deepest matched route that names one (the page's own title). */
export function pageTitleOf(matches: readonly UIMatch[]): string | undefined {
  return matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter((title): title is string => !!title)
    .at(-1);
}

import { useEffect } from 'react';
import { usePortalIndex, siteTitleOf } from '../api';

/**
 * document.title of a portal page: `政策文件 - <site display name>` (spec §2). The app shell sets
 * the route's static title in its own effect, which React runs after the page's (parents after
 * children) and only when the route changes; writing on the next task lets the page's title, which
 * may come from loaded data, have the last word.
 */
export function usePortalTitle(title: string | undefined) {
  const { data } = usePortalIndex();
  const site = siteTitleOf(data?.site);
  useEffect(() => {
    if (!title && !site) return;
    const text = title && site && title !== site ? `${title} - ${site}` : (title ?? site)!;
    const timer = setTimeout(() => {
      document.title = text;
    }, 0);
    return () => clearTimeout(timer);
  }, [title, site]);
}

import { useEffect } from 'react';
import { usePortalIndex, siteTitleOf } from '../api';

/**
 * document.title of a portal page: `政策文件 - <site display name>` (spec §2). The app shell writes
 * the route's static title in its own effect, which React runs after the page's (parents after
 * children) and again whenever the matched routes change, possibly in a later commit. So the page
 * writes its title on the next task and puts it back if anything else overwrites it while the page
 * is shown; the page's title may come from loaded data, which the shell knows nothing about.
 */
export function usePortalTitle(title: string | undefined) {
  const { data } = usePortalIndex();
  const site = siteTitleOf(data?.site);
  const text = title && site && title !== site ? `${title} - ${site}` : (title ?? site);
  useEffect(() => {
    if (!text) return;
    const apply = () => {
      if (document.title !== text) document.title = text;
    };
    const timer = setTimeout(apply, 0);
    const element = document.querySelector('title');
    const observer = element && typeof MutationObserver === 'function' ? new MutationObserver(apply) : null;
    if (element) observer?.observe(element, { childList: true, characterData: true, subtree: true });
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [text]);
}

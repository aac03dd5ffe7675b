import { Fragment, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { useConsoleStore } from '../../api/consoleStore';
import { breadcrumbTrail } from './menuModel';

/**
 * 首页 › group › menu entry › sub-page, from the menu chain of the current page; nothing on home itself.
 * Plain elements drawn like antd's Breadcrumb (console-layout.css): antd's brings Dropdown with it.
 */
export function ConsoleBreadcrumb() {
  const { pathname } = useLocation();
  const menuList = useConsoleStore((s) => s.menuList);
  const permissionList = useConsoleStore((s) => s.permissionList);
  const homePath = useConsoleStore((s) => s.indexMenu.path) || '/home';
  const crumbs = useMemo(
    () => breadcrumbTrail(pathname, menuList, permissionList, homePath),
    [pathname, menuList, permissionList, homePath],
  );
  if (crumbs.length === 0) return null;
  const items = [{ key: homePath, title: '首页', to: homePath as string | undefined }, ...crumbs.map((c, i) => ({ key: `${i}:${c.title}`, title: c.title, to: c.to }))];
  return (
    <nav aria-label="当前位置" className="dl-console-breadcrumb" data-testid="console-breadcrumb">
      <ol>
        {items.map((item, i) => (
          <Fragment key={item.key}>
            {i > 0 && (
              <li className="dl-console-breadcrumb__separator" aria-hidden>
                /
              </li>
            )}
            <li className="dl-console-breadcrumb__item">{item.to ? <Link to={item.to}>{item.title}</Link> : <span>{item.title}</span>}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

/**
 * The open page's heading and where it sits. The h1 is the page's title (the menu entry's name,
 * or a sub-page's own such as 新增岗位), kept modest: the page's content carries the weight.
 */
export function ConsolePageHead({ title }: { title: string }) {
  return (
    <div className="dl-console-pagehead">
      <h1 className="dl-console-pagehead__title dl-ellipsis" data-testid="console-page-title">
        {title}
      </h1>
      <ConsoleBreadcrumb />
    </div>
  );
}

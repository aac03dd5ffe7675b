import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Breadcrumb } from 'antd';
import { useConsoleStore } from '../../api/consoleStore';
import { breadcrumbTrail } from './menuModel';

/** 首页 › group › menu entry › sub-page, from the menu chain of the current page; nothing on home itself. */
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
  const items = [
    { key: homePath, title: <Link to={homePath}>首页</Link> },
    ...crumbs.map((c, i) => ({ key: `${i}:${c.title}`, title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title })),
  ];
  return <Breadcrumb aria-label="当前位置" className="dl-console-breadcrumb" items={items} data-testid="console-breadcrumb" />;
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

import { useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Breadcrumb } from 'antd';
import { useConsoleStore } from '../../api/consoleStore';
import { breadcrumbTrail } from './menuModel';

/** 首页 › group › menu entry › sub-page, from the menu chain of the current page. */
export function ConsoleBreadcrumb() {
  const { pathname } = useLocation();
  const menuList = useConsoleStore((s) => s.menuList);
  const permissionList = useConsoleStore((s) => s.permissionList);
  const homePath = useConsoleStore((s) => s.indexMenu.path) || '/home';
  const crumbs = useMemo(
    () => breadcrumbTrail(pathname, menuList, permissionList, homePath),
    [pathname, menuList, permissionList, homePath],
  );
  const items = [
    { key: homePath, title: crumbs.length ? <Link to={homePath}>首页</Link> : '首页' },
    ...crumbs.map((c, i) => ({ key: `${i}:${c.title}`, title: c.to ? <Link to={c.to}>{c.title}</Link> : c.title })),
  ];
  return <Breadcrumb className="dl-console-breadcrumb" items={items} data-testid="console-breadcrumb" />;
}

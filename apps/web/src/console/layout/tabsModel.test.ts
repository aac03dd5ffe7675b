import { describe, expect, it } from 'vitest';
import { closeAllTabs, closeOtherTabs, closeTab, openTab, refreshTab, type PageTab } from './tabsModel';

describe('tabs', () => {
  const tab = (path: string): Omit<PageTab, 'version'> => ({ path, fullPath: path, title: path });
  const open = (...paths: string[]) => paths.reduce<PageTab[]>((tabs, p) => openTab(tabs, tab(p), '/home'), []);

  it('opens each page once, home first, and updates the query', () => {
    const tabs = openTab(open('/a', '/home', '/b', '/a'), { path: '/a', fullPath: '/a?id=2', title: 'A' }, '/home');
    expect(tabs.map((t) => t.path)).toEqual(['/home', '/a', '/b']);
    expect(tabs[1]).toMatchObject({ fullPath: '/a?id=2', title: 'A', version: 0 });
  });

  it('closes a tab; the open one hands over to its right, else left neighbour', () => {
    const tabs = open('/home', '/a', '/b', '/c');
    expect(closeTab(tabs, '/b', '/b', '/home')).toMatchObject({ goTo: '/c' });
    expect(closeTab(tabs, '/c', '/c', '/home')).toMatchObject({ goTo: '/b' });
    const quiet = closeTab(tabs, '/a', '/c', '/home');
    expect(quiet.goTo).toBeNull();
    expect(quiet.tabs.map((t) => t.path)).toEqual(['/home', '/b', '/c']);
    expect(closeTab(tabs, '/home', '/home', '/home').tabs).toHaveLength(4);
  });

  it('closes the others and all, keeping home', () => {
    const tabs = open('/home', '/a', '/b');
    expect(closeOtherTabs(tabs, '/a', '/b', '/home')).toMatchObject({ goTo: '/a' });
    expect(closeOtherTabs(tabs, '/a', '/b', '/home').tabs.map((t) => t.path)).toEqual(['/home', '/a']);
    expect(closeAllTabs(tabs, '/b', '/home')).toMatchObject({ goTo: '/home' });
    expect(closeAllTabs(tabs, '/home', '/home').goTo).toBeNull();
  });

  it('refreshes by a new version', () => {
    const { tabs, goTo } = refreshTab(open('/home', '/a'), '/a', '/a');
    expect(tabs[1]!.version).toBe(1);
    expect(goTo).toBeNull();
  });
});

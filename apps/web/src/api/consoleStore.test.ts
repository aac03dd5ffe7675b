import '../test/setup';
import { describe, expect, it } from 'vitest';
import { useSessionStore } from './session';
import { holdsPermission, ROLES_KEY, useConsoleStore } from './consoleStore';

describe('console store', () => {
  it('starts with no unread messages and the default layout (spec §3)', () => {
    useConsoleStore.getState().reset();
    expect(useConsoleStore.getState()).toMatchObject({ unreadCount: 0, loaded: false, layoutUiName: 'cms-layout', loginVisible: false });
  });

  it('caches the role codes under the roles key, and sign-out drops them with the permission list (spec §4, §6)', () => {
    useSessionStore.getState().signIn('tok', { userId: '1', username: 'admin' });
    useConsoleStore.getState().setLoaded({ ...useConsoleStore.getState(), rolesList: ['ADMIN'], authList: ['message:sms:list'] });
    expect(JSON.parse(localStorage.getItem(ROLES_KEY) ?? 'null')).toEqual(['ADMIN']);
    useSessionStore.getState().signOut();
    expect(localStorage.getItem(ROLES_KEY)).toBeNull();
    expect(useConsoleStore.getState()).toMatchObject({ loaded: false, authList: [], rolesList: [], permissionList: [] });
  });

  it('a new sign-in forgets the previous user’s menu', () => {
    useConsoleStore.getState().setLoaded({ ...useConsoleStore.getState(), authList: ['x:y:list'] });
    useSessionStore.getState().signIn('tok2', { userId: '2', username: 'other' });
    expect(useConsoleStore.getState().loaded).toBe(false);
    expect(useConsoleStore.getState().authList).toEqual([]);
  });

  it('holds a permission when any one of the listed codes is held; no requirement is always met', () => {
    expect(holdsPermission(['a:b:list'], 'a:b:list')).toBe(true);
    expect(holdsPermission(['a:b:list'], ['x', 'a:b:list'])).toBe(true);
    expect(holdsPermission(['a:b:list'], 'a:b:del')).toBe(false);
    expect(holdsPermission([], undefined)).toBe(true);
    expect(holdsPermission([], [])).toBe(true);
  });

  it('never counts fewer than zero unread messages', () => {
    useConsoleStore.getState().setUnreadCount(-3);
    expect(useConsoleStore.getState().unreadCount).toBe(0);
    useConsoleStore.getState().setUnreadCount(4);
    expect(useConsoleStore.getState().unreadCount).toBe(4);
  });
});

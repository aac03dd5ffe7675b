import '../../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { MAIN_INDEX_PATH } from '@dandelion/shared';
import { createRoutes } from '../../app/routes';
import { useConsoleStore } from '../../api/consoleStore';
import { useSessionStore } from '../../api/session';
import { loadConsole, permissionList, signInAsAdmin } from '../../test/consoleHarness';
import { renderRouter } from '../../test/widgetKit';
import { isConsolePath, isKnownConsolePagePath } from '../pages';
import { guardedPath, landingPath } from './buildRoutes';

const pages = { isConsolePath, isKnownPage: isKnownConsolePagePath };

afterEach(() => {
  useConsoleStore.getState().reset();
  useSessionStore.getState().signOut();
});

describe('navigation guard (spec §2: a page the user may not open goes to "/")', () => {
  it('lets permitted console pages and portal pages through, whatever the arrival', () => {
    for (const arrival of ['typed', 'inApp'] as const) {
      expect(guardedPath('/system/user/userList?x=1', permissionList, pages, arrival)).toBe('/system/user/userList?x=1');
      expect(guardedPath('/notification', permissionList, pages, arrival)).toBe('/notification');
    }
  });

  it('sends a known page the user may not open to "/" inside the app, and to /403 when typed into the address bar', () => {
    expect(guardedPath('/system/post/postList', permissionList, pages, 'inApp')).toBe('/');
    expect(guardedPath('/system/post/postList', permissionList, pages, 'typed')).toBe('/403');
  });

  it('answers /404 for a console address no page has', () => {
    expect(guardedPath('/system/nothing/here', permissionList, pages, 'inApp')).toBe('/404');
    expect(guardedPath('/system/nothing/here', permissionList, pages, 'typed')).toBe('/404');
  });

  it('after sign-in, a redirect target the user may not open lands on "/"', () => {
    expect(landingPath('/system/post/postList', permissionList, isConsolePath)).toBe('/');
    expect(landingPath('/system/user/userList', permissionList, isConsolePath)).toBe('/system/user/userList');
  });

  it('inside the app, following a link to a page the user may not open goes to "/"', async () => {
    signInAsAdmin();
    loadConsole();
    const router = createMemoryRouter(createRoutes(permissionList), { initialEntries: ['/system/post/postList'] });
    renderRouter(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('MAIN_INDEX_PATH /project/display (spec §2)', () => {
  it('asks an anonymous visitor to sign in and come back', async () => {
    const router = createMemoryRouter(createRoutes(), { initialEntries: [MAIN_INDEX_PATH] });
    renderRouter(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(MAIN_INDEX_PATH);
  });

  it('takes signed-in staff to the console home', async () => {
    signInAsAdmin();
    loadConsole();
    const router = createMemoryRouter(createRoutes(permissionList), { initialEntries: [MAIN_INDEX_PATH] });
    renderRouter(router);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });
});

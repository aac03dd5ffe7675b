import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { postJson } from '../../api/http';
import { useSessionStore } from '../../api/session';
import { useSignOut } from '../../auth/useSignOut';
import { fakeServer, ok, refuse } from '../../test/renderApp';
import { renderAtRoute, testQueryClient } from '../../test/widgetKit';
import { DictLabel, dictKeys, type DictItem } from '.';

const item = (dictCode: string, dictName: string): DictItem => ({ dictId: '1', dictCode, dictName, label: dictName, value: dictCode, dictSort: 1 });

function serve() {
  let answer = '男';
  const server = fakeServer({
    '/rest/dict/getdictlists': () => ok({ USER_SEX: [item('1', answer)] }),
    '/logout': () => ok({ casLogoutUrl: null }, '已退出登录'),
    '/rest/some/call': () => refuse(401, '未授权，请重新登录'),
  });
  vi.stubGlobal('fetch', server.fetch);
  return { ...server, answerNext: (name: string) => (answer = name) };
}

function SignOutButton() {
  const signOut = useSignOut();
  return (
    <button type="button" onClick={() => void signOut()}>
      退出
    </button>
  );
}

const cachedDicts = (client: ReturnType<typeof testQueryClient>) => client.getQueryCache().findAll({ queryKey: dictKeys.all }).filter((q) => q.state.data !== undefined);

beforeEach(() => useSessionStore.getState().signIn('token-1', { username: 'admin' }));
afterEach(() => vi.unstubAllGlobals());

describe('dictionaries cached by the console go with the session (spec §4)', () => {
  it('退出登录 drops the stored and the in-memory copies; the next session reads them afresh', async () => {
    const server = serve();
    const client = testQueryClient();
    const view = renderAtRoute(
      <>
        <DictLabel category="USER_SEX" code="1" />
        <SignOutButton />
      </>,
      '/home',
      '/home',
      client,
    );
    expect(await screen.findByText('男')).toBeTruthy();
    expect(localStorage.getItem('dandelion__dict:USER_SEX')).not.toBeNull();
    expect(cachedDicts(client)).toHaveLength(1);

    fireEvent.click(screen.getByText('退出'));
    await waitFor(() => expect(server.callsTo('/logout')).toHaveLength(1));
    await waitFor(() => expect(useSessionStore.getState().session).toBeNull());
    expect(localStorage.getItem('dandelion__dict:USER_SEX')).toBeNull();
    expect(cachedDicts(client)).toHaveLength(0);
    view.unmount();

    useSessionStore.getState().signIn('token-2', { username: 'lisi' });
    server.answerNext('男性');
    renderAtRoute(<DictLabel category="USER_SEX" code="1" />, '/home', '/home', client);
    expect(await screen.findByText('男性')).toBeTruthy();
    expect(server.callsTo('/rest/dict/getdictlists')).toHaveLength(2);
  });

  it('a session ended by a 401 leaves no dictionary for the next session either', async () => {
    const server = serve();
    const client = testQueryClient();
    const view = renderAtRoute(<DictLabel category="USER_SEX" code="1" />, '/home', '/home', client);
    expect(await screen.findByText('男')).toBeTruthy();
    await postJson('/rest/some/call', {}).catch(() => undefined);
    expect(useSessionStore.getState().session).toBeNull();
    expect(localStorage.getItem('dandelion__dict:USER_SEX')).toBeNull();
    view.unmount();

    useSessionStore.getState().signIn('token-3', { username: 'lisi' });
    server.answerNext('男性');
    renderAtRoute(<DictLabel category="USER_SEX" code="1" />, '/home', '/home', client);
    expect(await screen.findByText('男性')).toBeTruthy();
    expect(server.callsTo('/rest/dict/getdictlists')).toHaveLength(2);
  });
});

import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { useSessionStore } from '../../api/session';
import { fakeServer, ok, refuse, type FakeReply } from '../../test/renderApp';
import { renderRouter } from '../../test/widgetKit';
import InvitationPage from './InvitationPage';
import { pendingInvitation, rememberInvitation } from './pendingInvitation';
import { INVITE_TOKEN, myProfile } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
  sessionStorage.clear();
});

const invitation = { expertName: '李专家', unitName: '示例大学', inviterName: '王主任', purpose: '邀请您加入评审专家库。接受邀请后，请完善专家资料并提交审核。', expiresAt: '2026-12-03T02:00:00.000Z' };

function open(entry: string, routes: Record<string, FakeReply> = {}) {
  const server = fakeServer({ '/rest/expert/getInvitation': ok(invitation), ...routes });
  vi.stubGlobal('fetch', server.fetch);
  const router = createMemoryRouter(
    [
      { path: '/expert/invitation', element: <InvitationPage /> },
      { path: '/expert/invitation/:token', element: <InvitationPage /> },
      { path: '*', element: <p>其他页面</p> },
    ],
    { initialEntries: [entry] },
  );
  return { server, ...renderRouter(router) };
}

const button = async (text: string) => (await screen.findByText(text, { selector: 'button span' })).closest('button')!;

describe('the expert invitation page', () => {
  it('shows who invites whom and until when; signed in, 接受邀请 links the account and opens 专家信息', async () => {
    useSessionStore.getState().signIn('tok-i', { username: 'li', realname: '李专家' });
    const { server, router } = open(`/expert/invitation?token=${INVITE_TOKEN}`, { '/rest/expert/acceptInvitation': ok(myProfile()) });
    expect(await screen.findByText('王主任邀请您加入评审专家库。接受邀请后，请完善专家资料并提交审核。')).toBeTruthy();
    expect(screen.getByText('示例大学')).toBeTruthy();
    expect(screen.getByText('2026-12-03 10:00')).toBeTruthy();
    expect(server.callsTo('/rest/expert/getInvitation')[0]!.body).toEqual({ token: INVITE_TOKEN });
    fireEvent.click(await button('接受邀请'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/center?tab=expert'));
    expect(server.callsTo('/rest/expert/acceptInvitation')[0]!.body).toEqual({ token: INVITE_TOKEN });
    expect(pendingInvitation()).toBeNull();
  });

  it('signed out, asks to sign in first and comes back to the link, and keeps it for after registering', async () => {
    const { server, router } = open(`/expert/invitation/${INVITE_TOKEN}`);
    expect(await screen.findByText(/接受邀请前请先登录/)).toBeTruthy();
    expect(screen.queryByText('接受邀请', { selector: 'button span' })).toBeNull();
    expect(pendingInvitation()).toBe(INVITE_TOKEN);
    fireEvent.click(await button('登录后接受邀请'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?redirect=/expert/invitation/${INVITE_TOKEN}`);
    expect(server.callsTo('/rest/expert/acceptInvitation')).toHaveLength(0);
  });

  it('keeps the query of the link in the way back from signing in', async () => {
    const { router } = open(`/expert/invitation?token=${INVITE_TOKEN}`);
    fireEvent.click(await button('登录后接受邀请'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(`/expert/invitation?token=${INVITE_TOKEN}`);
  });

  it('says why an expired or used link cannot be taken up, and stops offering it', async () => {
    rememberInvitation(INVITE_TOKEN);
    open(`/expert/invitation?token=${INVITE_TOKEN}`, { '/rest/expert/getInvitation': refuse(409, '邀请已过期，请联系奖励办重新邀请') });
    expect(await screen.findByText('该邀请不能使用')).toBeTruthy();
    expect(screen.getByText('邀请已过期，请联系奖励办重新邀请')).toBeTruthy();
    expect(screen.queryByText('接受邀请', { selector: 'button span' })).toBeNull();
    expect(pendingInvitation()).toBeNull();
  });

  it('calls an unknown link invalid', async () => {
    open(`/expert/invitation?token=${INVITE_TOKEN}`, { '/rest/expert/getInvitation': refuse(404, '邀请不存在') });
    expect(await screen.findByText('邀请链接无效，请核对链接或联系奖励办')).toBeTruthy();
  });

  it('asks for the whole link when the token is missing, without a call', async () => {
    const { server } = open('/expert/invitation');
    expect(await screen.findByText('邀请链接不完整')).toBeTruthy();
    expect(server.callsTo('/rest/expert/getInvitation')).toHaveLength(0);
  });

  it('shows a refused acceptance (an account already linked) and stays', async () => {
    useSessionStore.getState().signIn('tok-i', { username: 'li', realname: '李专家' });
    const { router } = open(`/expert/invitation?token=${INVITE_TOKEN}`, { '/rest/expert/acceptInvitation': refuse(409, '您的账号已关联专家档案，不能再接受邀请') });
    fireEvent.click(await button('接受邀请'));
    expect(await screen.findByText('您的账号已关联专家档案，不能再接受邀请')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/expert/invitation');
  });
});

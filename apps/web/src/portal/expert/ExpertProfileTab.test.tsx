import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EMAIL_MESSAGE, MOBILE_MESSAGE } from '@dandelion/shared';
import { expertSelfCalls } from '@dandelion/shared/award/expert';
import { useSessionStore } from '../../api/session';
import { fakeServer, ok, refuse, renderApp, type FakeCall, type FakeReply } from '../../test/renderApp';
import { INVITE_TOKEN, myProfile } from './testing';
import { rememberInvitation } from './pendingInvitation';

beforeAll(async () => {
  await Promise.all([import('../center/CenterPage'), import('../layout/PortalLayout'), import('./ExpertProfileTab')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
  sessionStorage.clear();
});

const user = { userId: '9', username: 'li', realname: '李专家', phones: '13900001111', roles: [{ roleCode: 'USER', roleName: '注册用户' }] };
const portalIndex: FakeReply = { body: { rtnCode: '0000', rtnMessage: '成功', dataSet: { site: { siteName: '蒲公英', displayName: '蒲公英' }, catalogs: [], sections: [] } } };
const regions: Record<string, Array<{ regionCode: string; regionName: string; regionLevel: number; isLeaf: boolean }>> = {
  '': [{ regionCode: '330000', regionName: '浙江省', regionLevel: 1, isLeaf: false }],
  '330000': [{ regionCode: '330100', regionName: '杭州市', regionLevel: 2, isLeaf: false }],
  '330100': [{ regionCode: '330106', regionName: '西湖区', regionLevel: 3, isLeaf: true }],
};

function open(profile: ReturnType<typeof myProfile> | null, routes: Record<string, FakeReply | ((c: FakeCall) => FakeReply)> = {}) {
  useSessionStore.getState().signIn('tok-e', user);
  const server = fakeServer({
    '/rest/cms/index': portalIndex,
    '/api/user/info': ok(user),
    '/rest/expert/getMyProfile': ok(profile),
    '/rest/region/children': (c) => ok(regions[(c.body as { parentCode?: string }).parentCode ?? ''] ?? []),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderApp('/center?tab=expert');
  return server;
}

const button = (text: string) => screen.getByText(text, { selector: 'button span' }).closest('button')!;
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** A field's error under it (a placeholder may read the same). */
const error = async (text: string) => (await screen.findAllByText(text, { selector: '.ant-form-item-explain-error' })).length;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });

describe('专家信息 in the personal centre', () => {
  it('starts a newcomer from the account and refuses what the contract refuses, before any call', async () => {
    const server = open(null);
    expect(await screen.findByText('您还不是评审专家')).toBeTruthy();
    expect(field('姓名').value).toBe('李专家');
    expect(field('手机号码').value).toBe('13900001111');
    type('姓名', '');
    type('手机号码', '1390000');
    type('邮箱', 'li@');
    fireEvent.click(screen.getByText('添加回避关系'));
    fireEvent.click(button('提交审核'));
    expect(await error('请填写姓名')).toBe(1);
    expect(await error(MOBILE_MESSAGE)).toBe(1);
    expect(await error(EMAIL_MESSAGE)).toBe(1);
    expect(await error('请选择关系类型')).toBe(1);
    expect(server.callsTo('/rest/expert/saveMyProfile')).toHaveLength(0);
  });

  it('puts the contract\'s checks across an item\'s fields (dates in order, a person or a unit) on the field they name', async () => {
    const server = open(
      myProfile({
        formerUnits: [{ unitName: '旧单位', creditCode: null, from: '2020-01-01', until: '2019-01-01' }],
        relations: [
          { kind: 'ADVISOR', personName: '王导师', personIdNumber: null, unitName: null, creditCode: null, from: '2024-05-01', until: '2023-05-01', note: null },
          { kind: 'KIN', personName: null, personIdNumber: null, unitName: null, creditCode: null, from: null, until: null, note: '配偶' },
        ],
      }),
    );
    fireEvent.click(await screen.findByText('保存', { selector: 'button span' }));
    // Once each, under the end date: the list as a whole does not repeat its items' messages.
    expect(await error('任职结束日期不能早于开始日期')).toBe(1);
    expect(await error('关系结束日期不能早于开始日期')).toBe(1);
    expect(await error('请填写关系人或关系单位')).toBe(1);
    expect(server.callsTo('/rest/expert/saveMyProfile')).toHaveLength(0);
  });

  it('saves the profile with the region\'s code, the codes and the version it read, then submits it', async () => {
    let saved = myProfile();
    const server = open(myProfile(), {
      '/rest/expert/saveMyProfile': (c) => {
        saved = myProfile({ ...(c.body as object), lockVersion: 4 });
        return ok(saved);
      },
      '/rest/expert/submitMyProfile': () => ok(myProfile({ status: 'PENDING_AUDIT', lockVersion: 5 })),
    });
    await waitFor(() => expect(document.body.textContent).toContain('52020 人工智能'));
    await waitFor(() => expect(document.body.textContent).toContain('浙江省 / 杭州市 / 西湖区'));
    expect(screen.getByText('已注册')).toBeTruthy();
    type('职称', '研究员');
    fireEvent.click(button('提交审核'));
    await waitFor(() => expect(server.callsTo('/rest/expert/submitMyProfile')).toHaveLength(1));
    expect(server.callsTo('/rest/expert/saveMyProfile')[0]!.body).toMatchObject({
      name: '李专家',
      title: '研究员',
      region: '330106',
      disciplineCodes: ['52020'],
      keywords: ['机器学习'],
      lockVersion: 3,
    });
    // What the form sends is what the server's contract takes.
    expect(expertSelfCalls.saveMyProfile.body.safeParse(server.callsTo('/rest/expert/saveMyProfile')[0]!.body).success).toBe(true);
    expect(server.callsTo('/rest/expert/submitMyProfile')[0]!.body).toEqual({ lockVersion: 4 });
    expect(await screen.findByText('待审核')).toBeTruthy();
    expect(screen.queryByText('提交审核', { selector: 'button span' })).toBeNull();
    expect(field('姓名').disabled).toBe(true);
  });

  it('creates a newcomer\'s profile from the filled form without a version', async () => {
    const server = open(null, { '/rest/expert/saveMyProfile': (c) => ok(myProfile({ ...(c.body as object), lockVersion: 0 })) });
    await screen.findByText('您还不是评审专家');
    type('工作单位', '示例研究院');
    fireEvent.click(button('保存'));
    await waitFor(() => expect(server.callsTo('/rest/expert/saveMyProfile')).toHaveLength(1));
    const body = server.callsTo('/rest/expert/saveMyProfile')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ name: '李专家', phone: '13900001111', unitName: '示例研究院', region: null, disciplineCodes: [], relations: [] });
    expect(body).not.toHaveProperty('lockVersion');
    expect(expertSelfCalls.saveMyProfile.body.safeParse(body).success).toBe(true);
    expect(await screen.findByText('专家资料已保存')).toBeTruthy();
  });

  it('shows a refusal with its reason and lets the expert submit again', async () => {
    open(myProfile({ status: 'REJECTED', statusReason: '职称材料不全' }));
    expect(await screen.findByText('未通过')).toBeTruthy();
    expect(screen.getByText(/职称材料不全/)).toBeTruthy();
    expect(button('提交审核').disabled).toBe(false);
  });

  it('an expert in the pool may update but has nothing to submit', async () => {
    open(myProfile({ status: 'ACTIVE' }));
    expect(await screen.findByText('在库')).toBeTruthy();
    expect(button('保存')).toBeTruthy();
    expect(screen.queryByText('提交审核', { selector: 'button span' })).toBeNull();
  });

  it('a suspended expert sees why and until when, and the form is read-only', async () => {
    open(myProfile({ status: 'SUSPENDED', statusReason: '连续两次未按时评审', statusUntil: '2026-12-31' }));
    expect(await screen.findByText('暂停')).toBeTruthy();
    expect(screen.getByText(/至 2026-12-31。原因：连续两次未按时评审/)).toBeTruthy();
    expect(screen.queryByText('保存', { selector: 'button span' })).toBeNull();
    expect(field('姓名').disabled).toBe(true);
  });

  it('shows the server\'s refusal of a stale save', async () => {
    open(myProfile(), { '/rest/expert/saveMyProfile': refuse(409, '专家资料已被修改，请刷新后重试') });
    fireEvent.click(await screen.findByText('保存', { selector: 'button span' }));
    expect(await screen.findByText('专家资料已被修改，请刷新后重试')).toBeTruthy();
  });

  it('offers the way back to an invitation opened before registering', async () => {
    rememberInvitation(INVITE_TOKEN);
    open(null);
    const alert = (await screen.findByText('您有一份专家入库邀请尚未接受')).closest('.ant-alert') as HTMLElement;
    expect(within(alert).getByText('查看邀请').getAttribute('href')).toBe(`/expert/invitation?token=${INVITE_TOKEN}`);
  });
});

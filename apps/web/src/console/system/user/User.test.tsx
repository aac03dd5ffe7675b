import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { FakeXhr } from '../../../api/testing/fakeXhr';
import { EMAIL_MESSAGE, MOBILE_MESSAGE } from '@dandelion/shared';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import UserFormPage from './UserFormPage';
import UserListPage from './UserListPage';
import UserPermPage from './UserPermPage';
import type { UserItem } from './api';

const user = (id: string, extra: Partial<UserItem> = {}): UserItem => ({
  id, userId: id, username: `user${id}`, realname: `用户${id}`, nickName: null, phone: `1390000000${id}`, email: null, orgId: '1', orgName: '总部',
  userType: 'STAFF', userSex: 0, status: 'NORMAL', enableUser: 1, empCode: `E${id}`, empStatus: 'NORMAL', inDate: null, outDate: null, sort: 0,
  roles: [{ roleId: '9', roleCode: 'REVIEWER', roleName: '审核员' }], createTime: '2026-03-01T00:00:00.000Z', updateTime: '2026-03-01T00:00:00.000Z', lockVersion: 0, createBy: 'admin', createById: null, updateBy: 'admin', updateById: null, delFlag: 0, ...extra,
});

const ALL = ['system:user:list', 'system:user:add', 'system:user:upd', 'system:user:detail', 'system:user:del', 'system:user:perm', 'system:user:lock', 'system:user:reset', 'system:user:export', 'system:user:import', 'system:user:recycle'];

function serve(routes: Record<string, ReturnType<typeof ok> | ((call: FakeCall) => ReturnType<typeof ok>)> = {}) {
  const server = fakeServer({
    '/rest/user/getUserPage': (call) => ok({ list: [user('1'), user('2', { status: 'FROZEN' })], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    '/api/role': ok([{ roleId: '9', roleCode: 'REVIEWER', roleName: '审核员', roleType: 'CENTER', status: 'NORMAL' }]),
    '/rest/organ/tree': ok([]),
    '/rest/dict/getdictlists': ok({ EMP_STATUS: [{ value: 'NORMAL', label: '在职' }], USER_SEX: [{ value: '0', label: '保密' }] }),
    '/rest/postService/getPostByPage': ok({ list: [], total: 0, pageNum: 1, pageSize: 500 }),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/system/user/userList', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['system:user:list'] }));

  it('shows the users and hides every action the caller holds no code for', async () => {
    serve();
    renderAtRoute(<UserListPage />, '/system/user/:page', '/system/user/userList');
    expect(await screen.findByText('user1')).toBeTruthy();
    expect(screen.getByText('冻结')).toBeTruthy(); // the status tag of user2
    for (const label of ['新增', '导出', '导入', '回收站', '修改', '详情', '删除']) expect(buttonNamed(label), label).toBeNull();
  });

  it('freezes a user only after confirming', async () => {
    useConsoleStore.setState({ authList: ['system:user:list', 'system:user:lock'] });
    const server = serve({ '/rest/user/UpdFrozenUser': ok(null, '已冻结') });
    renderAtRoute(<UserListPage />, '/system/user/:page', '/system/user/userList');
    await screen.findByText('user1');
    const freeze = Array.from(rowOf('user1').querySelectorAll('button')).find((b) => b.textContent === '冻结')!;
    fireEvent.click(freeze);
    expect(await screen.findByText('确定冻结用户 user1 吗？')).toBeTruthy();
    expect(server.callsTo('/rest/user/UpdFrozenUser')).toHaveLength(0);
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/user/UpdFrozenUser')).toHaveLength(1));
    expect(server.callsTo('/rest/user/UpdFrozenUser')[0]!.body).toEqual({ userId: '1', frozen: true });
    // The frozen user's row offers 解冻 instead.
    expect(Array.from(rowOf('user2').querySelectorAll('button')).some((b) => b.textContent === '解冻')).toBe(true);
  });

  it('shows the upload progress of an import, then every refused row', async () => {
    useConsoleStore.setState({ authList: ALL });
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    serve();
    renderAtRoute(<UserListPage />, '/system/user/:page', '/system/user/userList');
    await screen.findByText('user1');
    fireEvent.click(buttonNamed('导入')!);
    expect(await screen.findByText('导入用户')).toBeTruthy();
    const input = document.querySelector<HTMLInputElement>('.ant-modal input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['xlsx'], '用户.xlsx')] } });
    await waitFor(() => expect(buttonNamed('开始导入')!.hasAttribute('disabled')).toBe(false));
    fireEvent.click(buttonNamed('开始导入')!);
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect([xhr.method, xhr.url.endsWith('/rest/user/import'), xhr.headers['content-type']]).toEqual(['POST', true, 'application/json']);
    expect(JSON.parse(xhr.body as string)).toMatchObject({ fileName: '用户.xlsx', contentBase64: expect.any(String) });

    // Half the bytes sent: 45 % (sending is the first 90 %); all sent: the server is checking.
    act(() => xhr.progress(50, 100));
    expect(await screen.findByText('45%')).toBeTruthy();
    act(() => xhr.progress(100, 100));
    expect(await screen.findByText('正在校验并保存…')).toBeTruthy();

    act(() =>
      xhr.respond(400, {
        code: '400', success: false, msg: '导入数据有误，共 2 处问题，未导入任何数据', data: null,
        attributes: { errors: [{ row: 3, field: '手机号', message: MOBILE_MESSAGE }, { row: 4, field: '机构编码', message: '机构编码不存在：NOPE' }] },
      }),
    );
    expect(await screen.findByText('导入数据有误，共 2 处问题，未导入任何数据')).toBeTruthy();
    expect(screen.getByText('机构编码不存在：NOPE')).toBeTruthy();
    expect(screen.getByText(MOBILE_MESSAGE)).toBeTruthy();
  });
});

describe('/system/user/userAdd', () => {
  it('shows the required and spec §5 messages and sends nothing', async () => {
    useConsoleStore.setState({ authList: ALL });
    const server = serve();
    renderAtRoute(<UserFormPage />, '/system/user/:page', '/system/user/userAdd');
    expect(await screen.findByText('新增用户')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('邮箱'), { target: { value: 'not-mail' } });
    fireEvent.change(screen.getByLabelText('用户名'), { target: { value: 'a!' } });
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('用户名为 4 到 32 位字母、数字或下划线')).toBeTruthy();
    expect(screen.getByText('请输入姓名')).toBeTruthy();
    expect(screen.getByText(MOBILE_MESSAGE)).toBeTruthy();
    expect(screen.getByText(EMAIL_MESSAGE)).toBeTruthy();
    expect(screen.getByText('请选择所属机构')).toBeTruthy();
    expect(server.callsTo('/api/service')).toHaveLength(0);
  });
});

describe('/system/user/userPerm', () => {
  it('ticks the bound roles and saves the new selection', async () => {
    const server = serve({
      '/rest/user/getUserService': ok({ ...user('5'), avatar: null, remark: null, roleIds: ['9'], postIds: [] }),
      '/rest/user/getUserBindRoles': ok([
        { roleId: '9', roleCode: 'REVIEWER', roleName: '审核员', roleType: 'CENTER', status: 'NORMAL', bound: true },
        { roleId: '10', roleCode: 'EXPERT', roleName: '评审专家', roleType: 'CLIENT', status: 'NORMAL', bound: false },
      ]),
      '/rest/user/bindRoles': ok(null, '角色分配成功'),
    });
    renderAtRoute(<UserPermPage />, '/system/user/:page', '/system/user/userPerm?id=5');
    expect(await screen.findByText('评审专家')).toBeTruthy();
    const boxes = document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    await waitFor(() => expect(boxes[0]!.checked).toBe(true));
    expect(boxes[1]!.checked).toBe(false);
    fireEvent.click(boxes[1]!);
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/user/bindRoles')).toHaveLength(1));
    expect(server.callsTo('/rest/user/bindRoles')[0]!.body).toEqual({ userId: '5', roleIds: ['9', '10'] });
  });
});

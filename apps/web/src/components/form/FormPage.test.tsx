import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Form, Input } from 'antd';
import { MOBILE_MESSAGE, REQUIRED_MESSAGE } from '@dandelion/shared';
import { postJson } from '../../api/http';
import { fakeServer, ok, refuse, type FakeReply } from '../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../test/widgetKit';
import { FormPage, fieldRules, formModeOf, requiredRule, siblingPath } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface UserValues {
  userName: string;
  userPhone?: string;
}
interface UserRecord extends UserValues {
  id: string;
  lockVersion: number;
}

function UserForm() {
  const [form] = Form.useForm<UserValues>();
  return (
    <FormPage<UserValues, UserRecord>
      entityName="用户"
      form={form}
      load={(id, signal) => postJson<UserRecord>('/rest/user/getUserById', { id }, { signal, silent: true })}
      save={(values, { mode, id, record }) =>
        mode === 'add'
          ? postJson('/rest/user/addUser', values, { silent: true })
          : postJson('/rest/user/updUser', { ...values, id, lockVersion: record?.lockVersion }, { silent: true })
      }
    >
      <Form.Item label="姓名" name="userName" rules={[requiredRule()]}>
        <Input />
      </Form.Item>
      <Form.Item label="手机号" name="userPhone" rules={fieldRules(['mobile'])}>
        <Input />
      </Form.Item>
    </FormPage>
  );
}

const RECORD: UserRecord = { id: '7', userName: '张三', userPhone: '13800138000', lockVersion: 3 };

function open(entry: string, routes: Record<string, FakeReply | (() => FakeReply)> = {}) {
  const server = fakeServer({ '/rest/user/getUserById': ok(RECORD), ...routes });
  vi.stubGlobal('fetch', server.fetch);
  const view = renderAtRoute(<UserForm />, '/system/user/:page', entry);
  return { server, ...view };
}

describe('formModeOf and siblingPath', () => {
  it('reads the mode from the last path segment', () => {
    expect(formModeOf('/system/user/userAdd')).toBe('add');
    expect(formModeOf('/system/user/userUpd')).toBe('upd');
    expect(formModeOf('/base/scheduler/schedulerDetail/')).toBe('detail');
    expect(formModeOf('/system/user/userList')).toBeNull();
  });

  it('builds the path of a page beside the current one', () => {
    expect(siblingPath('/system/user/userList', 'userUpd', { id: 7 })).toBe('/system/user/userUpd?id=7');
    expect(siblingPath('/system/user/userList/', 'userAdd')).toBe('/system/user/userAdd');
  });
});

describe('<FormPage>', () => {
  it('detail: loads the record and shows every field read-only, with 返回 but no 保存', async () => {
    const { server } = open('/system/user/userDetail?id=7');
    expect(await screen.findByText('用户详情')).toBeTruthy();
    const name = screen.getByLabelText('姓名') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('张三'));
    expect(name.disabled).toBe(true);
    expect((screen.getByLabelText('手机号') as HTMLInputElement).disabled).toBe(true);
    expect(buttonNamed('保存')).toBeNull();
    expect(buttonNamed('返回')!.disabled).toBe(false);
    expect(server.callsTo('/rest/user/getUserById')[0]!.body).toEqual({ id: '7' });
  });

  it('add: checks the shared rules before anything is sent', async () => {
    const { server } = open('/system/user/userAdd');
    expect(await screen.findByText('新增用户')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: '   ' } });
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '1380013' } });
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText(REQUIRED_MESSAGE)).toBeTruthy();
    expect(await screen.findByText(MOBILE_MESSAGE)).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('upd: saves the edited values with the loaded lockVersion, 保存 disabled meanwhile, then goes back', async () => {
    let answer: (reply: FakeReply) => void = () => undefined;
    const server = fakeServer({ '/rest/user/getUserById': ok(RECORD) });
    const pending = new Promise<FakeReply>((resolve) => (answer = resolve));
    const slowFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/rest/user/updUser')) {
        const reply = await pending;
        return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
      }
      return server.fetch(input, init);
    };
    vi.stubGlobal('fetch', slowFetch);
    const { router } = renderAtRoute(<UserForm />, '/system/user/:page', '/system/user/userUpd?id=7');

    expect(await screen.findByText('修改用户')).toBeTruthy();
    const name = screen.getByLabelText('姓名') as HTMLInputElement;
    await waitFor(() => expect(name.value).toBe('张三'));
    fireEvent.change(name, { target: { value: '李四' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(buttonNamed('保存')!.disabled).toBe(true));

    answer(ok(null, '修改成功'));
    expect(await screen.findByText('保存成功')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/user'));
  });

  it('upd: shows a refusal above the buttons and a field refusal beside its field', async () => {
    let reply = refuse(409, '数据已被他人修改，请刷新后重试');
    const { server } = open('/system/user/userUpd?id=7', { '/rest/user/updUser': () => reply });
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe('张三'));

    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(server.callsTo('/rest/user/updUser')[0]!.body).toEqual({
      userName: '张三',
      userPhone: '13800138000',
      id: '7',
      lockVersion: 3,
    });
    expect(buttonNamed('保存')!.disabled).toBe(false);

    reply = refuse(409, '手机号已被使用', { field: 'userPhone' });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() =>
      expect(screen.queryAllByText('手机号已被使用').some((el) => el.closest('.ant-form-item-explain'))).toBe(true),
    );
  });

  it('upd without an id says so instead of loading nothing forever', async () => {
    const { server } = open('/system/user/userUpd');
    expect(await screen.findByText('缺少用户编号，无法打开修改页面')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('shows a load failure with 重试', async () => {
    open('/system/user/userDetail?id=9', { '/rest/user/getUserById': refuse(404, '用户不存在') });
    expect(await screen.findByText('用户不存在')).toBeTruthy();
    expect(buttonNamed('重试')).not.toBeNull();
  });
});

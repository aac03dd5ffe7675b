import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { postBody } from '@dandelion/shared/system/post';
import { setErrorNotifier, type Notice } from '../../api/notify';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../test/renderApp';
import { renderWidget } from '../../test/widgetKit';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, rulesOf, type DuplicateRuleOptions } from '.';

const CHECK = '/rest/common/checkDuplicate';
const TAKEN = new Set(['FIN_MGR']);
/** The server's answer: success false with 岗位编码已存在 for a taken code, unless it is the edited record's own. */
const answer = (call: FakeCall): FakeReply => {
  const { fieldVal, dataId } = call.body as { fieldVal: string; dataId?: string | null };
  return TAKEN.has(fieldVal) && dataId !== '7' ? ok({ success: false, message: '岗位编码已存在' }, '岗位编码已存在') : ok({ success: true, message: '岗位编码可以使用' });
};

const notices: Notice[] = [];
let restoreNotifier: () => void = () => undefined;
beforeEach(() => {
  notices.length = 0;
  restoreNotifier = setErrorNotifier((notice) => notices.push(notice));
});
afterEach(() => {
  restoreNotifier();
  vi.unstubAllGlobals();
});

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const validate = (options: DuplicateRuleOptions, value: unknown) => (duplicateRule(options) as { validator: Validator }).validator({}, value);
const POST_CODE = { tableName: 'post', fieldName: 'postCode' };

function serve(route: FakeReply | ((call: FakeCall) => FakeReply) = answer) {
  const server = fakeServer({ [CHECK]: route });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('duplicateRule', () => {
  it('refuses a taken value with the server’s message', async () => {
    const server = serve();
    await expect(validate(POST_CODE, 'FIN_MGR')).rejects.toThrow('岗位编码已存在');
    await expect(validate(POST_CODE, 'NEW_CODE')).resolves.toBeUndefined();
    expect(server.callsTo(CHECK).map((c) => c.body)).toEqual([
      { tableName: 'post', fieldName: 'postCode', fieldVal: 'FIN_MGR', dataId: null },
      { tableName: 'post', fieldName: 'postCode', fieldVal: 'NEW_CODE', dataId: null },
    ]);
  });

  it('names the edited record, so its own value is not taken', async () => {
    const server = serve();
    let id: string | null = '7';
    await expect(validate({ ...POST_CODE, dataId: () => id }, 'FIN_MGR')).resolves.toBeUndefined();
    await expect(validate({ ...POST_CODE, dataId: 7 }, 'FIN_MGR')).resolves.toBeUndefined();
    id = null;
    await expect(validate({ ...POST_CODE, dataId: () => id }, 'FIN_MGR')).rejects.toThrow('岗位编码已存在');
    expect(server.callsTo(CHECK).map((c) => (c.body as { dataId: unknown }).dataId)).toEqual(['7', '7', null]);
  });

  it('asks nothing about an empty value or one the field’s schema refuses', async () => {
    const server = serve();
    const schema = postBody.shape.postCode;
    for (const value of [undefined, null, '', '   ', 42]) await expect(validate({ ...POST_CODE, schema }, value)).resolves.toBeUndefined();
    await expect(validate({ ...POST_CODE, schema }, '财务')).resolves.toBeUndefined();
    await expect(validate({ ...POST_CODE, schema }, 'x'.repeat(65))).resolves.toBeUndefined();
    expect(server.calls).toHaveLength(0);

    await expect(validate({ ...POST_CODE, schema }, '  FIN_MGR ')).rejects.toThrow('岗位编码已存在');
    expect((server.callsTo(CHECK)[0]!.body as { fieldVal: string }).fieldVal).toBe('FIN_MGR');
  });

  it('asks about the stored value the typed one stands for, and nothing when it cannot be told', async () => {
    const server = serve();
    await validate({ tableName: 'dictionary', fieldName: 'dictFullCode', fieldVal: (code) => `ORG_TYPE|${code}` }, 'UNIT');
    await validate({ tableName: 'dictionary', fieldName: 'dictFullCode', fieldVal: () => null }, 'UNIT');
    expect(server.callsTo(CHECK).map((c) => (c.body as { fieldVal: string }).fieldVal)).toEqual(['ORG_TYPE|UNIT']);
  });

  it('lets the value pass, without a toast, when the check itself fails', async () => {
    serve(refuse(500, '服务器内部错误'));
    await expect(validate(POST_CODE, 'FIN_MGR')).resolves.toBeUndefined();
    serve(refuse(400, '不支持的重复校验'));
    await expect(validate(POST_CODE, 'FIN_MGR')).resolves.toBeUndefined();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(validate(POST_CODE, 'FIN_MGR')).resolves.toBeUndefined();
    expect(notices).toEqual([]);
  });
});

const rules = rulesOf(postBody);

function PostCodeForm({ onFinish }: { onFinish: (values: { postCode: string }) => void }) {
  return (
    <Form onFinish={onFinish}>
      <Form.Item
        name="postCode"
        label="岗位编码"
        rules={[...rules.postCode, duplicateRule({ ...POST_CODE, schema: postBody.shape.postCode })]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
      >
        <Input />
      </Form.Item>
      <Button htmlType="submit">保存</Button>
    </Form>
  );
}

describe('duplicateRule in a form', () => {
  it('says 已存在 once the user pauses, asks once per pause, and the message goes with a free value', async () => {
    const server = serve();
    renderWidget(<PostCodeForm onFinish={() => undefined} />);
    const input = screen.getByLabelText('岗位编码');
    for (const typed of ['F', 'FI', 'FIN', 'FIN_', 'FIN_MGR']) fireEvent.change(input, { target: { value: typed } });

    expect(await screen.findByText('岗位编码已存在')).toBeTruthy();
    expect(server.callsTo(CHECK).map((c) => (c.body as { fieldVal: string }).fieldVal)).toEqual(['FIN_MGR']);

    fireEvent.change(input, { target: { value: 'FIN_MGR2' } });
    await waitFor(() => expect(screen.queryByText('岗位编码已存在')).toBeNull());
    await waitFor(() => expect(server.callsTo(CHECK)).toHaveLength(2));
    expect(screen.queryByText('岗位编码已存在')).toBeNull();
  });

  it('shows the format message alone for a value the schema refuses', async () => {
    const server = serve();
    renderWidget(<PostCodeForm onFinish={() => undefined} />);
    fireEvent.change(screen.getByLabelText('岗位编码'), { target: { value: '财务' } });
    expect(await screen.findByText('岗位编码只能包含字母、数字和下划线')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('blocks 保存 on a taken value, but not when the check cannot be made', async () => {
    const server = serve();
    const onFinish = vi.fn();
    renderWidget(<PostCodeForm onFinish={onFinish} />);
    fireEvent.change(screen.getByLabelText('岗位编码'), { target: { value: 'FIN_MGR' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('岗位编码已存在')).toBeTruthy();
    expect(onFinish).not.toHaveBeenCalled();
    expect(server.callsTo(CHECK).length).toBeGreaterThan(0);

    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ postCode: 'FIN_MGR' }));
    expect(notices).toEqual([]);
  });
});

import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONTACT_MESSAGE, EMAIL_MESSAGE } from '@dandelion/shared';
import { renderApp } from '../../test/renderApp';
import { fakePortal, portalOk, portalRefuse } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('../pages/OtherPage'), import('../layout/PortalLayout'), import('./ComplaintDialog')]);
});

// Each submission validates the whole antd form and fetches a new captcha: slow on a busy machine.
const SLOW = { timeout: 10_000 };

afterEach(() => {
  vi.unstubAllGlobals();
});

let captchaCount = 0;
const captcha = () => {
  captchaCount += 1;
  return { body: { code: '0000', success: true, msg: '操作成功', data: { captchaKey: `key-${captchaCount}`, image: `data:image/svg+xml;base64,${captchaCount}`, expiresIn: 300 } } };
};

const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;

/** Opens the form from /other and waits for its captcha (a new image empties the code field). */
async function openFromOtherPage() {
  fireEvent.click(await screen.findByRole('button', { name: '我要投诉建议' }, SLOW));
  const dialog = await screen.findByRole('dialog', { name: '投诉建议' }, SLOW);
  await within(dialog).findByRole('img', { name: '验证码' }, SLOW);
  return dialog;
}

function fill(dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(dialog, label), { target: { value } });
}

const listRoutes = {
  '/rest/cmsCatalog/queryClientSubCatalogList': portalOk([]),
  '/rest/content/queryClientListByPage': portalOk({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
  '/rest/captcha/png': captcha,
};

describe('complaint form', () => {
  // Many validation rounds through antd's form: give a busy machine room.
  it('checks the fields with the spec messages before anything is sent', { timeout: 40_000 }, async () => {
    const server = fakePortal(listRoutes);
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/other');
    const dialog = await openFromOtherPage();

    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    for (const message of ['请输入标题', '请输入投诉建议内容', '请输入姓名', '请输入联系方式', '请输入图形验证码']) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }

    fill(dialog, { 联系方式: '12345', 邮箱: 'not-an-email' });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText(CONTACT_MESSAGE)).toBeTruthy();
    expect(CONTACT_MESSAGE).toBe('输入正确格式的联系方式');
    expect(await within(dialog).findByText(EMAIL_MESSAGE)).toBeTruthy();

    // A landline, a mobile and a 6–9 digit number are all contacts.
    for (const contact of ['010-12345678', '13812345678', '1234567']) {
      fill(dialog, { 联系方式: contact });
      await waitFor(() => expect(within(dialog).queryByText(CONTACT_MESSAGE)).toBeNull());
    }
    expect(server.callsTo('/rest/complain/addComplain')).toHaveLength(0);
  });

  it('shows the server refusal with a new captcha, then submits, says so and empties the form', { timeout: 60_000 }, async () => {
    let reply = portalRefuse(400, '图形验证码错误或已过期，请重新获取');
    const server = fakePortal({ ...listRoutes, '/rest/complain/addComplain': () => reply });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/other');
    const dialog = await openFromOtherPage();
    const firstKey = within(dialog).getByRole('img', { name: '验证码' }).getAttribute('src');

    const values = { 标题: '申报系统打不开', 内容: '上传附件时页面无响应。', 姓名: '张三', 联系方式: '13812345678', 验证码: 'abcd' };
    fill(dialog, values);
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('图形验证码错误或已过期，请重新获取', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByRole('img', { name: '验证码' }).getAttribute('src')).not.toBe(firstKey), SLOW);
    const sent = server.callsTo('/rest/complain/addComplain')[0]!.body as Record<string, unknown>;
    expect(sent).toEqual({
      title: '申报系统打不开',
      content: '上传附件时页面无响应。',
      complainantName: '张三',
      contact: '13812345678',
      captchaKey: expect.stringMatching(/^key-/),
      captchaCode: 'abcd',
    });
    // The code was cleared with the new image; the rest stays for another try.
    expect(field(dialog, '验证码').value).toBe('');
    expect(field(dialog, '标题').value).toBe('申报系统打不开');

    reply = portalRefuse(429, '操作过于频繁，请稍后再试');
    const secondKey = within(dialog).getByRole('img', { name: '验证码' }).getAttribute('src');
    fill(dialog, { 验证码: 'efgh' });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await within(dialog).findByText('操作过于频繁，请稍后再试', {}, SLOW)).toBeTruthy();
    // The refusal fetches a new image and clears the code; typing before that lands would be wiped.
    await waitFor(() => expect(within(dialog).getByRole('img', { name: '验证码' }).getAttribute('src')).not.toBe(secondKey), SLOW);
    await waitFor(() => expect(field(dialog, '验证码').value).toBe(''), SLOW);

    reply = portalOk({ complaintId: '31' });
    fill(dialog, { 验证码: 'ijkl', 邮箱: 'zhang@example.com' });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('提交成功，感谢您的反馈', {}, SLOW)).toBeTruthy();
    expect((server.callsTo('/rest/complain/addComplain').at(-1)!.body as { email: string }).email).toBe('zhang@example.com');
    // The form is empty again, ready for another one.
    for (const label of ['标题', '内容', '姓名', '联系方式', '邮箱', '验证码']) expect(field(dialog, label).value).toBe('');
  });

  it('opens from the footer of every portal page', async () => {
    vi.stubGlobal('fetch', fakePortal({ '/rest/captcha/png': captcha }).fetch);
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: '投诉建议' }));
    const dialog = await screen.findByRole('dialog', { name: '投诉建议' });
    expect(await within(dialog).findByRole('img', { name: '验证码' })).toBeTruthy();
    expect(within(dialog).getByLabelText('联系方式')).toBeTruthy();
  });
});

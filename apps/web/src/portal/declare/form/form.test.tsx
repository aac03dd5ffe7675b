import '../../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FakeXhr } from '../../../api/testing/fakeXhr';
import { ID_NUMBER_MESSAGE, PATENT_NUMBER_MESSAGE, richTextLimitMessage, USCC_MESSAGE } from '@dandelion/shared';
import { preloadEditor, PRELOAD_TIMEOUT_MS, writingArea } from '../../../components/RichTextEditor/editorTestKit';
import { useSessionStore } from '../../../api/session';
import { ok, refuse, renderApp, type FakeCall } from '../../../test/renderApp';
import { fakePortal } from '../../testing/fixtures';
import { applicant, declaration } from '../testing';

beforeAll(async () => {
  await Promise.all([import('./DeclarationFormPage'), import('../../layout/PortalLayout'), import('../../center/CenterPage'), preloadEditor()]);
}, PRELOAD_TIMEOUT_MS);

afterEach(() => {
  vi.unstubAllGlobals();
});

function server(routes: Parameters<typeof fakePortal>[0] = {}) {
  return fakePortal({
    '/rest/declare/detail': ok(declaration()),
    '/rest/declare/getOrgOptions': ok([{ orgId: '8', orgName: '示范大学' }]),
    ...routes,
  });
}

const nav = () => screen.getByRole('navigation', { name: '申报书栏目' });
const openSection = (name: RegExp) => fireEvent.click(within(nav()).getByRole('button', { name }));
const saveButton = () => screen.getAllByRole('button', { name: '保存本栏' })[0]!;

describe('the declaration form', () => {
  it('shows only the prize\'s sections, ✓ on the saved ones, and the basic section\'s values', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    vi.stubGlobal('fetch', server().fetch);
    renderApp('/declare/form/101');
    expect(await screen.findByRole('heading', { name: '2026年度 科技进步奖 申报书' })).toBeTruthy();
    const items = within(nav()).getAllByRole('button').map((b) => b.textContent);
    expect(items).toEqual(['1基本情况', '2主要完成人', '3主要完成单位', '4项目简介', '5经济效益', '6附件']);
    expect(within(nav()).getByRole('button', { name: /基本情况/ }).querySelector('[aria-label="已保存"]')).toBeTruthy();
    expect(within(nav()).getByRole('button', { name: /主要完成单位/ }).querySelector('[aria-label="已保存"]')).toBeNull();
    expect((screen.getByLabelText('项目名称') as HTMLInputElement).value).toBe('高效节能电机关键技术');
    // The chosen grade's caps.
    expect(await screen.findByText('该等级主要完成人不超过 15 人，主要完成单位不超过 10 个')).toBeTruthy();
  });

  it('保存本栏 sends the section with the lockVersion it holds, then keeps the new one', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    let version = 3;
    const s = server({
      '/rest/declare/saveSection': () => {
        version += 1;
        return ok({ lockVersion: version, updateTime: '2026-03-02T02:00:00.000Z' });
      },
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    const title = await screen.findByLabelText('项目名称');
    fireEvent.change(title, { target: { value: '新型节能电机' } });
    fireEvent.change(screen.getByLabelText('联系电话'), { target: { value: '13900001111' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(1));
    expect(s.callsTo('/rest/declare/saveSection')[0]!.body).toEqual({
      declarationId: '101',
      lockVersion: 3,
      section: 'BASIC',
      content: { title: '新型节能电机', proposedGrade: 'FIRST', disciplineCodes: ['470'], category: 'TECH_DEVELOPMENT', secrecy: 'PUBLIC', contactPhone: '13900001111' },
    });
    expect(await screen.findByText('本栏已保存')).toBeTruthy();
    fireEvent.change(title, { target: { value: '新型节能电机2' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(2));
    expect((s.callsTo('/rest/declare/saveSection')[1]!.body as { lockVersion: number }).lockVersion).toBe(4);
  });

  it('a stale save (409) shows the server\'s message and keeps what was typed', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server({ '/rest/declare/saveSection': refuse(409, '数据已被他人修改，请刷新后重试') });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    const title = await screen.findByLabelText('项目名称');
    fireEvent.change(title, { target: { value: '第二个标签页里的名称' } });
    fireEvent.click(saveButton());
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/数据已被他人修改，请刷新后重试/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '继续编辑' }));
    expect((screen.getByLabelText('项目名称') as HTMLInputElement).value).toBe('第二个标签页里的名称');
  });

  it('重新加载 after a stale save takes the latest version and still keeps what was typed', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    let stale = true;
    const s = server({
      '/rest/declare/detail': () => ok(declaration({ lockVersion: stale ? 3 : 7 })),
      '/rest/declare/saveSection': (call: FakeCall) =>
        (call.body as { lockVersion: number }).lockVersion === 7 ? ok({ lockVersion: 8, updateTime: '2026-03-02T02:00:00.000Z' }) : refuse(409, '数据已被他人修改，请刷新后重试'),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    const title = await screen.findByLabelText('项目名称');
    stale = false; // another tab saves meanwhile
    fireEvent.change(title, { target: { value: '我刚输入的名称' } });
    fireEvent.click(saveButton());
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('已载入最新版本；本栏仍保留您输入的内容，确认后请再次保存')).toBeTruthy();
    expect((screen.getByLabelText('项目名称') as HTMLInputElement).value).toBe('我刚输入的名称');
    fireEvent.click(saveButton());
    await waitFor(() => expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(2));
    expect(s.callsTo('/rest/declare/saveSection')[1]!.body).toMatchObject({ lockVersion: 7, content: { title: '我刚输入的名称' } });
  });

  it('refuses a completer\'s ID number and a unit\'s credit code with the shared messages, before sending', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server();
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    openSection(/主要完成人/);
    expect(await screen.findByText('第1完成人')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /添加完成人/ }));
    expect(await screen.findByText('第2完成人')).toBeTruthy();
    fireEvent.change(screen.getAllByLabelText('证件号码')[1]!, { target: { value: '110101199001011230' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(ID_NUMBER_MESSAGE)).toBeTruthy();
    expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(0);
    // Leaving with unsaved typing asks first.
    openSection(/主要完成单位/);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '放弃修改' }));
    fireEvent.click(await screen.findByRole('button', { name: /添加完成单位/ }));
    fireEvent.change(await screen.findByLabelText('统一社会信用代码'), { target: { value: '91350100M000100Y40' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(USCC_MESSAGE)).toBeTruthy();
  });

  it('检查 lists the problems by section; one opens its section at the field', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server({
      '/rest/declare/check': ok({
        ok: false,
        problems: [
          { section: 'BASIC', field: 'contactName', message: '请填写联系人' },
          { section: 'COMPLETERS', field: 'completers.0.idNumber', message: '第1完成人已是本届次另一份申报书的主要完成人' },
          { section: 'ATTACHMENTS', field: 'attachments', message: '请上传真实性承诺书' },
        ],
      }),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    fireEvent.click(screen.getByRole('button', { name: '检查' }));
    const list = await screen.findByRole('list', { name: '检查发现的问题' });
    expect([...list.querySelectorAll('strong')].map((strong) => strong.textContent)).toEqual(['基本情况', '主要完成人', '附件']);
    expect(within(nav()).getByRole('button', { name: /主要完成人/ }).textContent).toContain('1');
    fireEvent.click(within(list).getByRole('button', { name: '第1完成人已是本届次另一份申报书的主要完成人' }));
    const idInput = (await screen.findAllByLabelText('证件号码'))[0]!;
    await waitFor(() => expect(document.activeElement).toBe(idInput));
    // The field is marked with the problem too.
    await waitFor(() => expect(screen.getAllByText('第1完成人已是本届次另一份申报书的主要完成人').length).toBeGreaterThan(1));
    expect(s.callsTo('/rest/declare/check')[0]!.body).toEqual({ declarationId: '101' });
  });

  it('提交 asks to confirm, then shows the 登记号 and goes to 我的申报', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server({
      '/rest/declare/submit': ok(declaration({ status: 'SUBMITTED', registrationNo: 'KJJB-2026-0001', actions: ['REVOKE', 'PRINT'] })),
      '/api/user/info': ok(applicant),
      '/rest/declare/getMyDeclarations': ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    vi.stubGlobal('fetch', s.fetch);
    const { router } = renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    const confirm = await screen.findByRole('dialog');
    fireEvent.click(within(confirm).getByRole('button', { name: '提交' }));
    expect(await screen.findByText('KJJB-2026-0001')).toBeTruthy();
    expect(s.callsTo('/rest/declare/submit')[0]!.body).toEqual({ declarationId: '101', lockVersion: 3 });
    fireEvent.click(screen.getByRole('button', { name: '查看我的申报' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/center'));
  });

  it('a refused submission lists attributes.problems', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server({
      '/rest/declare/submit': refuse(400, '申报书还有 1 个问题，不能提交', { problems: [{ section: 'UNITS', field: '', message: '请至少填写一个主要完成单位' }] }),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '提交' }));
    expect(await screen.findByRole('button', { name: '请至少填写一个主要完成单位' })).toBeTruthy();
  });

  it('is read-only with the reviewer\'s note on top when the status is not editable', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const note = { action: 'RETURN_FOR_FIX', opinion: '完成人证明材料不清晰', reasons: ['附件不清晰'], deadline: '2026-12-10', actorName: '奖励办', time: '2026-03-05T02:00:00.000Z' };
    vi.stubGlobal('fetch', server({ '/rest/declare/detail': ok(declaration({ status: 'SUBMITTED', actions: ['PRINT'], lastNote: note as never })) }).fetch);
    renderApp('/declare/form/101');
    expect(await screen.findByText('审核意见：完成人证明材料不清晰')).toBeTruthy();
    expect(screen.getByText('请于 2026-12-10 前修改并重新提交，逾期将不予受理。')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存本栏' })).toBeNull();
    expect(screen.queryByRole('button', { name: '提交' })).toBeNull();
    expect((screen.getByLabelText('项目名称') as HTMLInputElement).disabled).toBe(true);
  });

  it('counts a rich-text section against the prize\'s word limit with the spec\'s message', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const base = declaration();
    const s = server({
      '/rest/declare/detail': ok(
        declaration({
          formConfig: { ...base.formConfig, wordLimits: { summary: 5 } },
          content: { ...base.content, SUMMARY: { summary: '<p>一二三四五六七</p>' } },
        }),
      ),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    openSection(/项目简介/);
    await writingArea();
    expect(await screen.findByText('当前字数：7/5')).toBeTruthy();
    fireEvent.click(saveButton());
    expect(await screen.findByText(richTextLimitMessage(7, 5))).toBeTruthy();
    expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(0);
  });

  it('任务来源 are picked from the lookups, favourites toggled with the star', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    let collected = false;
    const fund = () => ({ id: '61', name: '国家自然科学基金面上项目', code: '52077001', agency: '国家自然科学基金委员会', level: 'NATIONAL', remark: null, sort: 0, collected });
    const s = server({
      '/rest/lookfunds/getpage': () => ok({ list: [fund()], total: 1, pageNum: 1, pageSize: 10 }),
      '/rest/collection/update': (call: FakeCall) => {
        collected = (call.body as { collected: boolean }).collected;
        return ok({ collected });
      },
      '/rest/declare/saveSection': ok({ lockVersion: 4, updateTime: '2026-03-02T02:00:00.000Z' }),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    fireEvent.click(screen.getByRole('button', { name: '选择任务来源' }));
    const dialog = await screen.findByRole('dialog', { name: '选择任务来源' });
    expect(within(dialog).getByRole('tab', { name: '计划项目' })).toBeTruthy();
    fireEvent.click(await within(dialog).findByRole('button', { name: '收藏 国家自然科学基金面上项目' }));
    expect(await within(dialog).findByRole('button', { name: '取消收藏 国家自然科学基金面上项目' })).toBeTruthy();
    expect(s.callsTo('/rest/collection/update')[0]!.body).toEqual({ kind: 'FUND', id: '61', collected: true });
    fireEvent.click(within(dialog).getByRole('button', { name: '选择 国家自然科学基金面上项目' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '完成' }));
    expect(await screen.findByText('基金：国家自然科学基金面上项目')).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(1));
    expect((s.callsTo('/rest/declare/saveSection')[0]!.body as { content: { taskSources: unknown } }).content.taskSources).toEqual([
      { kind: 'FUND', refId: '61', name: '国家自然科学基金面上项目' },
    ]);
  });

  it('附件 are uploaded by type and saved as {type, fileId, fileName}; required types are marked', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const s = server({ '/rest/declare/saveSection': ok({ lockVersion: 4, updateTime: '2026-03-02T02:00:00.000Z' }) });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    openSection(/附件/);
    const upload = await screen.findByRole('button', { name: '上传真实性承诺书' });
    expect(upload.closest('.dl-attachments__row')!.textContent).toContain('必传');
    const input = upload.closest('.dl-attachments__row')!.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['%PDF'], '承诺书.pdf', { type: 'application/pdf' })] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(200, { code: '0000', success: true, msg: '上传成功', data: { fileId: '9001', fileRepId: 'R1', filename: '承诺书.pdf', size: 4, type: 'pdf' } }),
    );
    expect(await screen.findByRole('button', { name: '删除附件 承诺书.pdf' })).toBeTruthy();
    fireEvent.click(saveButton());
    await waitFor(() => expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(1));
    expect(s.callsTo('/rest/declare/saveSection')[0]!.body).toMatchObject({
      section: 'ATTACHMENTS',
      content: { attachments: [{ type: 'COMMITMENT', fileId: '9001', fileName: '承诺书.pdf' }] },
    });
  });

  it('知识产权: a patent\'s number follows the patent rule', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const base = declaration();
    const s = server({
      '/rest/declare/detail': ok(declaration({ formConfig: { ...base.formConfig, sections: ['BASIC', 'IP'] } })),
      '/rest/declare/saveSection': ok({ lockVersion: 4, updateTime: '2026-03-02T02:00:00.000Z' }),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/declare/form/101');
    await screen.findByLabelText('项目名称');
    openSection(/知识产权与标准/);
    fireEvent.click(await screen.findByRole('button', { name: /添加知识产权或标准/ }));
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '类别' }));
    fireEvent.click(await screen.findByTitle('专利'));
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'ZL 2019#1' } });
    fireEvent.click(saveButton());
    expect(await screen.findByText(PATENT_NUMBER_MESSAGE)).toBeTruthy();
    expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('编号'), { target: { value: 'ZL201910000000.1' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(s.callsTo('/rest/declare/saveSection')).toHaveLength(1));
    expect(s.callsTo('/rest/declare/saveSection')[0]!.body).toMatchObject({ section: 'IP', content: { items: [{ kind: 'PATENT', number: 'ZL201910000000.1' }] } });
  });
});

import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProcessDefinition } from '@dandelion/shared/base/progress';
import { fakeServer, ok, refuse, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderWidget } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { DefDetail } from './api';
import { DefinitionEditor } from './DefinitionEditor';

const definition: ProcessDefinition = {
  stages: [
    { code: 'DRAFT', name: '草稿', kind: 'start', limitDays: null },
    { code: 'AUDIT', name: '审核', kind: 'normal', limitDays: 3 },
    { code: 'DONE', name: '完成', kind: 'end', limitDays: null },
  ],
  transitions: [
    { from: 'DRAFT', to: 'AUDIT', action: 'SUBMIT', label: '提交', roles: ['APPLICANT'], permissions: [], commentRequired: false },
    { from: 'AUDIT', to: 'DONE', action: 'PASS', label: '通过', roles: ['REVIEWER'], permissions: [], commentRequired: false },
  ],
};
const detail = (extra: Partial<DefDetail> = {}): DefDetail => ({
  defId: '5', processCode: 'AUDIT', processName: '项目审核', version: 2, status: 'DRAFT', remark: null, stageCount: 3, transitionCount: 2,
  createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin', updateTime: '2026-03-01T02:30:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 4,
  definition, problems: [], instanceCount: 0, ...extra,
});

/** Routes answered from the request body (the add call echoes what was sent into the detail). */
function serve(routes: Record<string, (body: Partial<DefDetail>) => FakeReply> = {}) {
  const server = fakeServer({
    '/rest/role/getAllRole': () => ok([{ roleCode: 'REVIEWER', roleName: '审核员' }, { roleCode: 'APPLICANT', roleName: '申报人' }]),
    '/rest/progress/definition/detail': () => ok(detail()),
    ...Object.fromEntries(Object.entries(routes).map(([path, reply]) => [path, (call: { body: unknown }) => reply(call.body as Partial<DefDetail>)])),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const problems = () => Array.from(document.querySelectorAll('[aria-label="待解决的问题"] li')).map((li) => li.textContent);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
/** Types a tag into a tags select and confirms it with Enter. */
function addTag(label: string, value: string) {
  const input = field(label);
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

beforeEach(() => useConsoleStore.setState({ authList: ['base:progress:list', 'base:progress:add', 'system:role:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('DefinitionEditor', () => {
  it('builds a definition: the problems and the diagram follow every edit, and 保存 sends what was built', async () => {
    const server = serve({ '/rest/progress/definition/add': (body) => ok(detail({ ...body, defId: '9', version: 1, lockVersion: 0 })) });
    const saved = vi.fn();
    renderWidget(<DefinitionEditor target={{ mode: 'add' }} onClose={() => {}} onSaved={saved} />);
    expect(await screen.findByText('新增流程')).toBeTruthy();
    // A new process starts as 开始 → 结束 with nothing in between.
    expect(problems()).toEqual(['阶段「开始」没有流出动作，流程会停在这里', '阶段「结束」从开始阶段无法到达']);
    expect(document.querySelectorAll('[data-stage]')).toHaveLength(2);

    // A middle stage, 审核, with a limit of 3 working days.
    fireEvent.click(buttonNamed('添加阶段')!);
    fireEvent.change(await screen.findByLabelText('第 3 个阶段的编码'), { target: { value: 'AUDIT' } });
    fireEvent.change(field('第 3 个阶段的名称'), { target: { value: '审核' } });
    fireEvent.change(field('第 3 个阶段的时限'), { target: { value: '3' } });
    await waitFor(() => expect(document.querySelector('[data-stage="AUDIT"]')?.textContent).toContain('时限 3 个工作日'));

    // 开始 → 审核 (提交): choosing the common name fills the code.
    fireEvent.click(buttonNamed('添加动作')!);
    await waitFor(() => expect(problems()).toContain('第 1 个动作缺少动作编码'));
    fireEvent.change(await screen.findByLabelText('第 1 个动作的名称'), { target: { value: '提交' } });
    await waitFor(() => expect(field('第 1 个动作的编码').value).toBe('SUBMIT'));
    fireEvent.mouseDown(field('第 1 个动作的目标阶段'));
    fireEvent.click(await screen.findByTitle('审核（AUDIT）'));
    addTag('第 1 个动作的可办理角色', 'APPLICANT');

    // 审核 → 结束 (通过), by holders of a permission code: the new row starts at 审核, which has no way out yet.
    fireEvent.click(buttonNamed('添加动作')!);
    await waitFor(() => expect(problems()).toContain('第 2 个动作缺少动作编码'));
    fireEvent.change(await screen.findByLabelText('第 2 个动作的名称'), { target: { value: '通过' } });
    addTag('第 2 个动作的可办理权限码', 'declare:audit:pass');
    await waitFor(() => expect(problems().join(' | ')).toEqual('动作「通过」的目标阶段「」不存在'));
    fireEvent.mouseDown(field('第 2 个动作的目标阶段'));
    const toOptions = await screen.findAllByTitle('结束（END）');
    fireEvent.click(toOptions.at(-1)!);
    expect(await screen.findByText('校验通过，保存后可以发布')).toBeTruthy();
    expect([...document.querySelectorAll('[data-edge]')].map((e) => e.textContent)).toEqual(['提交', '通过']);

    fireEvent.change(field('流程编码'), { target: { value: 'PROJECT_AUDIT' } });
    fireEvent.change(field('流程名称'), { target: { value: '项目审核' } });
    await waitFor(() => expect(field('流程名称').value).toBe('项目审核'));
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/progress/definition/add')).toHaveLength(1));
    expect(server.callsTo('/rest/progress/definition/add')[0]!.body).toEqual({
      processCode: 'PROJECT_AUDIT',
      processName: '项目审核',
      remark: null,
      definition: {
        stages: [
          { code: 'START', name: '开始', kind: 'start', limitDays: null },
          { code: 'END', name: '结束', kind: 'end', limitDays: null },
          { code: 'AUDIT', name: '审核', kind: 'normal', limitDays: 3 },
        ],
        transitions: [
          { from: 'START', to: 'AUDIT', action: 'SUBMIT', label: '提交', roles: ['APPLICANT'], permissions: [], commentRequired: false },
          { from: 'AUDIT', to: 'END', action: 'PASS', label: '通过', roles: [], permissions: ['declare:audit:pass'], commentRequired: false },
        ],
      },
    });
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    // A long journey on a shared two-core machine: more room than the default 15 s.
  }, 40_000);

  it('checks the header before sending anything', async () => {
    const server = serve();
    renderWidget(<DefinitionEditor target={{ mode: 'add' }} onClose={() => {}} onSaved={() => {}} />);
    await screen.findByText('新增流程');
    fireEvent.change(field('流程编码'), { target: { value: '审核流程' } });
    fireEvent.click(buttonNamed('保存')!);
    const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(['流程编码只能包含字母、数字和下划线，且以字母开头', '请输入流程名称']));
    expect(server.callsTo('/rest/progress/definition/add')).toHaveLength(0);
  });

  it('changes a draft under its lock version, renaming a stage in its transitions, and shows a refusal in place', async () => {
    const server = serve({ '/rest/progress/definition/update': () => refuse(409, '数据已被他人修改，请刷新后重试') });
    renderWidget(<DefinitionEditor target={{ mode: 'edit', defId: '5' }} onClose={() => {}} onSaved={() => {}} />);
    expect(await screen.findByText('修改流程：项目审核 v2')).toBeTruthy();
    await waitFor(() => expect(field('第 2 个阶段的编码').value).toBe('AUDIT'));
    expect(field('流程编码').disabled).toBe(true);
    fireEvent.change(field('第 2 个阶段的编码'), { target: { value: 'FORMAL' } });
    // The diagram follows the rename once React has rendered it.
    await waitFor(() => expect(document.querySelector('[data-edge="DRAFT->FORMAL"]')).toBeTruthy());
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/progress/definition/update')).toHaveLength(1));
    const body = server.callsTo('/rest/progress/definition/update')[0]!.body as { defId: string; lockVersion: number; definition: ProcessDefinition };
    expect(body).toMatchObject({ defId: '5', lockVersion: 4, processName: '项目审核' });
    expect(body.definition.transitions.map((t) => `${t.from}->${t.to}`)).toEqual(['DRAFT->FORMAL', 'FORMAL->DONE']);
    expect(await screen.findByText('数据已被他人修改，请刷新后重试')).toBeTruthy();
    expect(buttonNamed('保存')!.disabled).toBe(false);
  });

  it('shows a published version read-only', async () => {
    serve({ '/rest/progress/definition/detail': () => ok(detail({ status: 'ACTIVE' })) });
    renderWidget(<DefinitionEditor target={{ mode: 'view', defId: '5' }} onClose={() => {}} onSaved={() => {}} />);
    expect(await screen.findByText('查看流程：项目审核 v2')).toBeTruthy();
    expect(await screen.findByText('生效中')).toBeTruthy();
    expect(buttonNamed('保存')).toBeNull();
    expect(buttonNamed('添加阶段')).toBeNull();
    const stages = screen.getByText('阶段').nextElementSibling as HTMLElement;
    expect(within(stages).getByText('审核')).toBeTruthy();
    expect(screen.queryByLabelText('第 1 个阶段的编码')).toBeNull();
    expect(document.querySelectorAll('[data-stage]')).toHaveLength(3);
  });
});

import '../../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '../../../api/session';
import { ok, renderApp, type FakeCall } from '../../../test/renderApp';
import { fakePortal, portalOk } from '../../testing/fixtures';
import { applicant, declaration, declarationRow } from '../testing';

beforeAll(async () => {
  await Promise.all([import('../../center/CenterPage'), import('../../layout/PortalLayout'), import('./RevokeDialog'), import('./HistoryDrawer')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const ROWS = [
  declarationRow({ declarationId: '101', title: '草稿项目', status: 'DRAFT', actions: ['EDIT', 'DELETE', 'SUBMIT', 'PRINT'] }),
  declarationRow({
    declarationId: '102',
    title: '已提交项目',
    status: 'SUBMITTED',
    registrationNo: 'KJJB-2026-0002',
    currentStep: '待单位审核',
    deadline: '2026-06-30',
    actions: ['REVOKE', 'PRINT'],
  }),
  declarationRow({ declarationId: '103', title: '退回项目', status: 'FORMAL_RETURNED', currentStep: '限期修改至 2026-12-10', actions: ['EDIT', 'SUBMIT', 'REVOKE', 'PRINT'] }),
  declarationRow({ declarationId: '104', title: '撤回项目', status: 'WITHDRAWN', actions: [] }),
];

function server(routes: Parameters<typeof fakePortal>[0] = {}) {
  return fakePortal({
    '/api/user/info': ok(applicant),
    '/rest/user/accountCenter': ok({}),
    '/rest/declare/getMyDeclarations': (call: FakeCall) => {
      const { status } = call.body as { status?: string };
      const list = status ? ROWS.filter((r) => r.status === status) : ROWS;
      return ok({ list, total: list.length, pageNum: 1, pageSize: 10 });
    },
    ...routes,
  });
}

const rowOf = (title: string) => screen.getByText(title).closest('tr')!;
const buttonsOf = (title: string) =>
  [...rowOf(title).querySelectorAll('td:last-child button, td:last-child a')]
    .map((b) => b.textContent)
    .filter((t) => t !== title);

describe('我的申报', () => {
  it('is the applicant\'s first tab and shows each row\'s status, step and exactly its actions', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server();
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    expect(await screen.findByText('草稿项目')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '我的申报', selected: true })).toBeTruthy();
    expect(buttonsOf('草稿项目')).toEqual(['填写', '删除', '打印', '办理记录']);
    expect(buttonsOf('已提交项目')).toEqual(['撤回', '打印', '办理记录']);
    expect(buttonsOf('退回项目')).toEqual(['修改', '撤回', '打印', '办理记录']);
    expect(buttonsOf('撤回项目')).toEqual(['办理记录']);
    const submitted = within(rowOf('已提交项目'));
    expect(submitted.getByText('KJJB-2026-0002')).toBeTruthy();
    expect(submitted.getByText('待单位审核', { selector: '.dl-tag' })).toBeTruthy();
    expect(submitted.getByText('2026-06-30')).toBeTruthy();
    expect(within(rowOf('草稿项目')).getByText('打印').closest('a')!.getAttribute('href')).toBe('/declare/print/101');
  });

  it('shows the committee’s grade beside the status once a result publicity took the declaration up', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const awarded = declarationRow({ declarationId: '105', title: '获奖项目', status: 'AWARDED', actions: ['PRINT'] });
    const inPublicity = declarationRow({ declarationId: '106', title: '公示中项目', status: 'IN_RESULT_PUBLICITY', actions: ['PRINT'] });
    const s = server({
      '/rest/declare/getMyDeclarations': ok({ list: [awarded, inPublicity], total: 2, pageNum: 1, pageSize: 10 }),
      '/rest/publicity/getMyResults': portalOk([
        { declarationId: '105', editionName: '2025年度', prizeName: '自然科学奖', title: '获奖项目', registrationNo: null, status: 'AWARDED', grade: 'FIRST' },
        { declarationId: '106', editionName: '2026年度', prizeName: '自然科学奖', title: '公示中项目', registrationNo: null, status: 'IN_RESULT_PUBLICITY', grade: 'SECOND' },
      ]),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    expect(await screen.findByText('获奖项目')).toBeTruthy();
    expect(await within(rowOf('获奖项目')).findByText('一等奖')).toBeTruthy();
    expect(within(rowOf('公示中项目')).getByText('拟二等奖')).toBeTruthy();
  });

  it('deletes a draft after confirming', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server({ '/rest/declare/delete': ok(null, '删除成功') });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    await screen.findByText('草稿项目');
    fireEvent.click(screen.getByRole('button', { name: '删除 草稿项目' }));
    fireEvent.click(await screen.findByRole('button', { name: '删除' }));
    await waitFor(() => expect(s.callsTo('/rest/declare/delete')).toHaveLength(1));
    expect(s.callsTo('/rest/declare/delete')[0]!.body).toEqual({ declarationId: '101', lockVersion: 3 });
  });

  it('撤回 asks for a reason and tells whether it was immediate or a request', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server({ '/rest/result/submitRevocation': ok({ immediate: false, declaration: declaration({ declarationId: '102', status: 'SUBMITTED' }) }) });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    await screen.findByText('已提交项目');
    fireEvent.click(screen.getByRole('button', { name: '撤回 已提交项目' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '确认撤回' }));
    expect(await within(dialog).findByText('请填写撤回理由')).toBeTruthy();
    expect(s.callsTo('/rest/result/submitRevocation')).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('撤回理由'), { target: { value: '项目需补充材料，明年再报' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认撤回' }));
    expect((await screen.findAllByText('撤回申请已提交')).length).toBeGreaterThan(0);
    expect(s.callsTo('/rest/result/submitRevocation')[0]!.body).toEqual({ declarationId: '102', reason: '项目需补充材料，明年再报' });
  });

  it('an immediate withdrawal says so', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    vi.stubGlobal('fetch', server({ '/rest/result/submitRevocation': ok({ immediate: true, declaration: declaration({ status: 'WITHDRAWN' }) }) }).fetch);
    renderApp('/center');
    await screen.findByText('已提交项目');
    fireEvent.click(screen.getByRole('button', { name: '撤回 已提交项目' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('撤回理由'), { target: { value: '不再申报' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认撤回' }));
    expect(await screen.findByText('申报书已撤回')).toBeTruthy();
  });

  it('办理记录 shows who did what, when, with the opinion', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server({
      '/rest/declare/getHistory': ok([
        { stepId: '1', action: 'SUBMIT', actionLabel: '提交申报', fromStatus: 'DRAFT', toStatus: 'SUBMITTED', opinion: null, reasons: [], deadline: null, actorName: '张三', time: '2026-03-01T02:00:00.000Z' },
        { stepId: '2', action: 'UNIT_RETURN', actionLabel: '单位退回修改', fromStatus: 'SUBMITTED', toStatus: 'UNIT_RETURNED', opinion: '请补充应用证明', reasons: [], deadline: null, actorName: '李四', time: '2026-03-03T02:00:00.000Z' },
      ]),
    });
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    await screen.findByText('已提交项目');
    fireEvent.click(screen.getByRole('button', { name: '办理记录 已提交项目' }));
    expect(await screen.findByText('意见：请补充应用证明')).toBeTruthy();
    expect(screen.getByText('李四 · 2026-03-03 10:00')).toBeTruthy();
    expect(s.callsTo('/rest/declare/getHistory')[0]!.body).toEqual({ declarationId: '102' });
  });

  it('with nothing declared, points to /declare', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    vi.stubGlobal('fetch', server({ '/rest/declare/getMyDeclarations': ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }) }).fetch);
    renderApp('/center');
    expect(await screen.findByText('您还没有申报书')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去申报' }).getAttribute('href')).toBe('/declare');
  });

  it('filters by status through the server', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const s = server();
    vi.stubGlobal('fetch', s.fetch);
    renderApp('/center');
    await screen.findByText('草稿项目');
    const filter = screen.getByRole('combobox', { name: '按状态筛选' }) as HTMLSelectElement;
    const returned = within(filter).getByRole('option', { name: '限期修改' }) as HTMLOptionElement;
    fireEvent.change(filter, { target: { value: returned.value } });
    await waitFor(() => expect(screen.queryByText('草稿项目')).toBeNull());
    expect(screen.getByText('退回项目')).toBeTruthy();
    expect(s.callsTo('/rest/declare/getMyDeclarations').at(-1)!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 10 }, status: 'FORMAL_RETURNED' });
  });
});

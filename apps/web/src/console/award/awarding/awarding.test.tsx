import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { ClosingPreview, HonourRow, PreviewRow } from './api';
import AwardingPage from './AwardingPage';

const ROUTE = '/award/awarding/awardingList';

function previewRow(overrides: Partial<PreviewRow>): PreviewRow {
  return { declarationId: '1', prizeId: '3', prizeName: '自然科学奖', registrationNo: 'DJ2026000001', title: '项目', firstCompleter: '张三', status: 'IN_RESULT_PUBLICITY', awardGrade: 'FIRST', outcome: 'AWARD', reason: null, ...overrides };
}

function preview(overrides: Partial<ClosingPreview> = {}): ClosingPreview {
  return {
    editionId: '7', editionName: '2026年度科学技术奖', resultPublicityEnd: '2026-11-20', refusals: [], closed: false, closedAt: null, closedBy: null,
    counts: { award: 1, notAward: 1, block: 0 },
    rows: [previewRow({ declarationId: '1', title: '授奖的项目' }), previewRow({ declarationId: '2', title: '淘汰的项目', status: 'ELIMINATED', awardGrade: null, outcome: 'NOT_AWARD' })],
    ...overrides,
  };
}

const honour = (overrides: Partial<HonourRow>): HonourRow => ({
  id: '11', editionId: '7', prizeId: '3', prizeName: '自然科学奖', declarationId: '1', registrationNo: 'DJ2026000001', title: '授奖的项目',
  grade: 'FIRST', status: 'AWARDED', certificateNo: 'ZS2026000001', completers: ['张三', '李四'], units: ['甲大学'], ...overrides,
});

const OPTIONS = {
  '/rest/edition/getEditionPage': () => ok({ list: [{ editionId: '7', editionName: '2026年度科学技术奖' }], total: 1, pageNum: 1, pageSize: 100 }),
  '/rest/prize/getPrizePage': () => ok({ list: [{ prizeId: '3', prizeName: '自然科学奖' }], total: 1, pageNum: 1, pageSize: 500 }),
};

async function chooseEdition() {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLInputElement>('input[aria-label="届次"]');
    if (!found) throw new Error('no edition select');
    return found;
  });
  fireEvent.mouseDown(input.closest('.ant-select')!);
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === '2026年度科学技术奖');
    if (!found) throw new Error('no option');
    return found;
  });
  fireEvent.click(option);
}

afterEach(() => vi.unstubAllGlobals());

describe('the 授奖管理 page', () => {
  it('marks the declarations that block closing, says why, and keeps 结束评奖 disabled', async () => {
    useConsoleStore.setState({ authList: ['award:awarding:list', 'award:awarding:close', 'award:edition:list', 'award:prize:list'] });
    const refusal = '有 1 份申报书尚不能结束评奖：「被异议的项目」异议处理中（有异议正在处理）';
    const server = fakeServer({
      ...OPTIONS,
      '/rest/awarding/getPreview': () => ok(preview({ refusals: [refusal], counts: { award: 1, notAward: 1, block: 1 }, rows: [...preview().rows, previewRow({ declarationId: '3', title: '被异议的项目', status: 'OBJECTION_HOLD', outcome: 'BLOCK', reason: '有异议正在处理' })] })),
      '/rest/awarding/getAwardPage': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<AwardingPage />, ROUTE, ROUTE);
    expect(await screen.findByText('请选择届次：查看结束评奖预览与授奖名单')).toBeTruthy();
    await chooseEdition();
    expect(await screen.findByText(refusal)).toBeTruthy();
    const blocked = (await screen.findByText('被异议的项目')).closest('tr')!;
    // Blocking declarations come first and are shaded.
    expect(document.querySelector('tbody tr.ant-table-row')).toBe(blocked);
    expect(blocked.getAttribute('style')).toContain('background');
    expect(within(blocked).getByText('阻止结束评奖')).toBeTruthy();
    expect(buttonNamed('结束评奖')!.disabled).toBe(true);
    expect(server.callsTo('/rest/awarding/getPreview')[0]!.body).toEqual({ editionId: '7' });
    expect(await screen.findByText('还没有授奖名单')).toBeTruthy();
  });

  it('closes after the confirmation, then shows the published list with certificates for awarded rows only', async () => {
    useConsoleStore.setState({ authList: ['award:awarding:list', 'award:awarding:close', 'award:awarding:certificate', 'award:edition:list', 'award:prize:list'] });
    let closed = false;
    const server = fakeServer({
      ...OPTIONS,
      '/rest/awarding/getPreview': () => ok(closed ? preview({ closed: true, closedAt: '2026-11-26T08:00:00.000Z', closedBy: '奖励办', refusals: ['本届已结束评奖'] }) : preview()),
      '/rest/awarding/closeEdition': () => {
        closed = true;
        return ok({ awarded: 1, notAwarded: 1 });
      },
      '/rest/awarding/getAwardPage': () =>
        ok(closed ? { list: [honour({}), honour({ id: '12', declarationId: '2', title: '淘汰的项目', status: 'NOT_AWARDED', grade: null, certificateNo: null })], total: 2, pageNum: 1, pageSize: 10 } : { list: [], total: 0, pageNum: 1, pageSize: 10 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<AwardingPage />, ROUTE, ROUTE);
    await chooseEdition();
    await screen.findByText('淘汰的项目');
    expect(buttonNamed('导出Excel')).toBeNull();
    fireEvent.click(buttonNamed('结束评奖')!);
    expect(await screen.findByText(/将授奖 1 项、不授奖 1 项/)).toBeTruthy();
    fireEvent.click(buttonNamed('确定结束评奖')!);
    await waitFor(() => expect(server.callsTo('/rest/awarding/closeEdition')).toHaveLength(1));
    expect(server.callsTo('/rest/awarding/closeEdition')[0]!.body).toEqual({ editionId: '7' });
    expect(await screen.findByText(/由 奖励办 结束评奖，授奖名单已发布到门户/)).toBeTruthy();
    const awarded = (await screen.findByText('ZS2026000001')).closest('tr')!;
    expect(within(awarded).getByText('张三、李四')).toBeTruthy();
    expect(within(awarded).getByText('下载证书')).toBeTruthy();
    const notAwarded = screen.getAllByText('淘汰的项目').map((el) => el.closest('tr')!).find((tr) => within(tr).queryByText('不授奖'))!;
    expect(within(notAwarded).queryByText('下载证书')).toBeNull();
    expect(buttonNamed('结束评奖')).toBeNull();
  });
});

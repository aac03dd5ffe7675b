import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../../api/session';
import { renderApp } from '../../test/renderApp';
import { fakePortal, portalOk, portalRefuse } from '../testing/fixtures';
import type { PortalPublicity, PortalPublicityDetail } from './api';

beforeAll(async () => {
  await Promise.all([import('./QueryPage'), import('./QueryDetailPage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

const PUBLICITY: PortalPublicity = {
  publicityId: '6',
  editionId: '1',
  editionName: '2026年度科学技术奖',
  prizeId: '2',
  prizeName: '自然科学奖',
  kind: 'RESULT',
  title: '2026年度自然科学奖拟授奖结果公示',
  note: '公示期内可提出异议。',
  startDate: '2026-12-01',
  endDate: '2026-12-21',
  dayKind: 'WORKING',
  days: 15,
  status: 'OPEN',
  entryCount: 1,
};
const DETAIL: PortalPublicityDetail = {
  ...PUBLICITY,
  entries: [{ entryId: '9', declarationId: '70', sort: 1, title: '高熵合金的设计与制备', registrationNo: 'ZRKX20260001', completers: ['张三', '李四'], units: ['甲大学', '乙研究院'], grade: 'FIRST', disciplineCodes: null, category: null, keywords: null, summaryHtml: null, applicationHtml: null }],
};
const FILTERS = { editions: [{ editionId: '1', editionName: '2026年度科学技术奖' }], prizes: [{ prizeId: '2', prizeName: '自然科学奖' }] };

function serve(extra: Parameters<typeof fakePortal>[0] = {}) {
  const server = fakePortal({
    '/rest/publicity/getQueryFilters': portalOk(FILTERS),
    '/rest/publicity/getPublicityPage': (call) => {
      const { keyword } = call.body as { keyword?: string };
      const list = !keyword || PUBLICITY.title.includes(keyword) ? [PUBLICITY] : [];
      return portalOk({ list, total: list.length, pageNum: 1, pageSize: 10 });
    },
    '/rest/publicity/getAwardResults': portalOk({
      list: [{ declarationId: '80', editionId: '1', editionName: '2025年度科学技术奖', prizeId: '2', prizeName: '自然科学奖', title: '上届获奖项目', registrationNo: 'ZRKX20250001', firstCompleter: '王五', grade: 'SPECIAL' }],
      total: 1,
      pageNum: 1,
      pageSize: 10,
    }),
    '/rest/publicity/getPublicityDetail': portalOk(DETAIL),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('/query', () => {
  it('lists the publicities with their window and status, and searches by keyword', async () => {
    const server = serve();
    renderApp('/query');
    const link = await screen.findByText('2026年度自然科学奖拟授奖结果公示');
    expect(link.closest('a')!.getAttribute('href')).toBe('/queryDetail/6');
    expect(screen.getByText('公示中')).toBeTruthy();
    expect(screen.getByText('公示期 2026-12-01 至 2026-12-21（15 个工作日）')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('关键词'), { target: { value: '受理' } });
    fireEvent.click(screen.getByRole('button', { name: /查询/ }));
    expect(await screen.findByText('暂无公示')).toBeTruthy();
    expect(server.callsTo('/rest/publicity/getPublicityPage').at(-1)!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 10 }, keyword: '受理' });
    // Anonymous: no one's own results are asked for.
    expect(server.callsTo('/rest/publicity/getMyResults')).toHaveLength(0);
  });

  it('shows the award results by grade on the 获奖名单 tab', async () => {
    serve();
    const { router } = renderApp('/query');
    fireEvent.click(await screen.findByRole('tab', { name: '获奖名单' }));
    expect(await screen.findByText('上届获奖项目')).toBeTruthy();
    expect(screen.getByText('特等奖')).toBeTruthy();
    expect(screen.getByText('第一完成人 王五')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=results');
  });

  it('shows a signed-in applicant their own declarations’ results', async () => {
    useSessionStore.getState().signIn('tok-q', { username: 'zhangsan', realname: '张三' });
    serve({
      '/rest/publicity/getMyResults': portalOk([{ declarationId: '70', editionName: '2026年度科学技术奖', prizeName: '自然科学奖', title: '高熵合金的设计与制备', registrationNo: 'ZRKX20260001', status: 'IN_RESULT_PUBLICITY', grade: 'FIRST' }]),
    });
    renderApp('/query');
    expect(await screen.findByText('我的申报结果')).toBeTruthy();
    expect(screen.getByText('拟一等奖')).toBeTruthy();
  });
});

describe('/queryDetail/{id}', () => {
  it('shows the window and each entry’s shown fields', async () => {
    serve();
    renderApp('/queryDetail/6');
    expect(await screen.findByText('1. 高熵合金的设计与制备')).toBeTruthy();
    expect(screen.getByText('2026-12-01 至 2026-12-21（15 个工作日）')).toBeTruthy();
    expect(screen.getByText('张三、李四')).toBeTruthy();
    expect(screen.getByText('一等奖')).toBeTruthy();
    expect(screen.getByText('公示中')).toBeTruthy();
    // Fields the prize kind does not show are not there at all.
    expect(screen.queryByText(/关键词：/)).toBeNull();
  });

  it('says so when the publicity is not shown', async () => {
    serve({ '/rest/publicity/getPublicityDetail': portalRefuse(404, '公示不存在或已被删除') });
    renderApp('/queryDetail/99');
    await waitFor(() => expect(screen.getAllByText('公示不存在或已被删除').length).toBeGreaterThan(0));
  });
});

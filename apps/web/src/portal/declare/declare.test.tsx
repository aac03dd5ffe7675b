import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '../../api/session';
import { ok, refuse, renderApp } from '../../test/renderApp';
import { fakePortal } from '../testing/fixtures';
import { applicant, declaration, declarationRow, openPrize } from './testing';

beforeAll(async () => {
  await Promise.all([import('../pages/DeclarePage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const PRIZES = [
  openPrize(),
  openPrize({ prizeId: '32', prizeName: '技术发明奖', kind: 'TECH_INVENTION', guide: null }),
  openPrize({ editionId: '6', editionName: '2026年度青年科技奖', prizeId: '40', prizeName: '青年科技奖', kind: 'YOUTH' }),
];

describe('/declare', () => {
  it('lists the open prizes by edition with their guide and window; a visitor signs in first', async () => {
    const server = fakePortal({ '/rest/prize/getPrizeList': ok(PRIZES), '/rest/content/queryClientListByPage': ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }) });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/declare');
    expect(await screen.findByRole('heading', { name: '2026年度' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: '2026年度青年科技奖' })).toBeTruthy();
    expect(screen.getAllByText('面向在技术研究、开发、推广应用中作出突出贡献的项目。')).toHaveLength(2);
    expect(screen.getAllByText('申报时间：2026-01-01 至 2099-12-31')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: '登录后申报 技术发明奖' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/declare');
  });

  it('says so when nothing is open', async () => {
    vi.stubGlobal('fetch', fakePortal({ '/rest/prize/getPrizeList': ok([]) }).fetch);
    renderApp('/declare');
    expect(await screen.findByText('目前没有正在申报的奖种，请关注通知公告。')).toBeTruthy();
  });

  it('开始申报 creates a draft and opens its form', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const server = fakePortal({
      '/rest/prize/getPrizeList': ok(PRIZES),
      '/rest/declare/add': ok(declaration({ declarationId: '777' })),
      '/rest/declare/detail': ok(declaration({ declarationId: '777' })),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/declare');
    fireEvent.click(await screen.findByRole('button', { name: '开始申报 技术发明奖' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/declare/form/777'));
    expect(server.callsTo('/rest/declare/add')[0]!.body).toEqual({ editionId: '5', prizeId: '32' });
  });

  it('offers the existing declaration when there is one for the prize (409)', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    // Created in another tab after this page loaded its list.
    let created = false;
    const server = fakePortal({
      '/rest/prize/getPrizeList': ok(PRIZES),
      '/rest/declare/add': () => {
        created = true;
        return refuse(409, '您在本届次已有该奖种的申报书');
      },
      '/rest/declare/getMyDeclarations': () => ok({ list: created ? [declarationRow({ declarationId: '55', prizeId: '31' })] : [], total: created ? 1 : 0, pageNum: 1, pageSize: 100 }),
      '/rest/declare/detail': ok(declaration({ declarationId: '55' })),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/declare');
    fireEvent.click(await screen.findByRole('button', { name: '开始申报 科技进步奖' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('您在本届次已有该奖种的申报书')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '打开已有申报书' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/declare/form/55'));
  });

  it('a prize already declared offers 继续填写 instead of a second draft', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const server = fakePortal({
      '/rest/prize/getPrizeList': ok(PRIZES),
      '/rest/declare/getMyDeclarations': ok({ list: [declarationRow({ declarationId: '55', prizeId: '31' })], total: 1, pageNum: 1, pageSize: 100 }),
      '/rest/declare/detail': ok(declaration({ declarationId: '55' })),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/declare');
    fireEvent.click(await screen.findByRole('button', { name: '继续填写 科技进步奖' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/declare/form/55'));
    expect(screen.queryByRole('button', { name: '开始申报 科技进步奖' })).toBeNull();
    expect(server.callsTo('/rest/declare/add')).toHaveLength(0);
  });
});

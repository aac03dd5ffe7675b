import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../test/renderApp';
import { renderAtRoute } from '../../test/widgetKit';
import { route } from '../../test/consoleRoute';
import { useConsoleStore } from '../../api/consoleStore';
import type { LoginInfo, VisitInfo } from './dashboard/api';
import HomePage from './HomePage';

const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
const loginInfo = (n: number): LoginInfo => ({
  today: { total: 12, success: 9, failure: 3, users: 5 },
  users: 17,
  days: days(n).map((date, i) => ({ date, success: i, failure: 1, users: i })),
});
const visitInfo = (n: number): VisitInfo => ({
  today: { views: 240, portal: 200, console: 40, visitors: 61 },
  views: 1500,
  visitors: 320,
  days: days(n).map((date, i) => ({ date, portal: 10 * i, console: i, visitors: 3 * i })),
  topPages: [
    { client: 'PORTAL', path: '/', title: '首页', views: 900 },
    { client: 'CONSOLE', path: '/system/post/postList', title: '岗位管理', views: 42 },
  ],
});

const page = (total: number) => ok({ list: [], total, pageNum: 1, pageSize: 1 });

function serve(recent: unknown[] = []) {
  const server = fakeServer({
    '/rest/menu/UserNearMenuList': ok(recent),
    '/rest/complain/getComplainPage': page(3),
    '/rest/content/getContentPage': page(5),
    '/rest/task/getTaskLogPage': page(2),
    '/rest/declare/getUnitReviewPage': page(6),
    '/rest/declare/getNominationPage': page(1),
    '/rest/auditPrize/getAuditPage': page(9),
    // The expert's tasks by state: 2 invitations, 1 accepted and 3 under way.
    '/rest/expertPush/getMyTasks': (call: FakeCall) => ok({ list: [], total: ({ PUSHED: 2, ACCEPTED: 1, IN_PROGRESS: 3 } as Record<string, number>)[(call.body as { state: string }).state] ?? 0, pageNum: 1, pageSize: 1 }),
    '/rest/index/loginfo': (call: FakeCall) => ok(loginInfo((call.body as { days: number }).days)),
    '/rest/index/visitInfo': (call: FakeCall) => ok(visitInfo((call.body as { days: number }).days)),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

/**
 * The browser's IntersectionObserver as a user scrolling would drive it (happy-dom's never reports):
 * `reveal()` brings every observed element into view.
 */
function stubViewport() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Element[]; self: IntersectionObserver }>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; targets: Element[]; self: IntersectionObserver };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback, targets: [], self: this as unknown as IntersectionObserver };
        observers.add(this.entry);
      }
      observe(target: Element) {
        this.entry.targets.push(target);
      }
      unobserve() {}
      disconnect() {
        observers.delete(this.entry);
      }
      takeRecords() {
        return [];
      }
    },
  );
  return {
    reveal: () =>
      act(() => {
        for (const o of [...observers]) o.callback(o.targets.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry), o.self);
      }),
  };
}

beforeEach(() => useConsoleStore.setState({ authList: [], menuList: [], rolesList: [], unreadCount: 0 }));
afterEach(() => vi.unstubAllGlobals());

describe('/home', () => {
  it('asks for no statistics without the right to read the sign-in log', async () => {
    const server = serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    expect(await screen.findByRole('heading', { name: '常用功能' })).toBeTruthy();
    await waitFor(() => expect(server.callsTo('/rest/menu/UserNearMenuList')).toHaveLength(1));
    expect(screen.queryByText('访问趋势')).toBeNull();
    expect(server.callsTo('/rest/index/loginfo')).toHaveLength(0);
    expect(server.callsTo('/rest/index/visitInfo')).toHaveLength(0);
  });

  it('shows today’s figures, the trend charts and the most viewed pages to those who may read the logs', async () => {
    useConsoleStore.setState({ authList: ['base:log:login'] });
    const server = serve();
    const viewport = stubViewport();
    renderAtRoute(<HomePage />, '/home', '/home');
    expect(await screen.findByText('240')).toBeTruthy();
    // Below the fold, the charts and the table load only once the user scrolls to them.
    expect(screen.queryByText('岗位管理')).toBeNull();
    expect(screen.queryByRole('img', { name: '近 7 天每天的门户、控制台访问量和访客数' })).toBeNull();
    viewport.reveal();
    expect(screen.getByText('门户 200 · 控制台 40')).toBeTruthy();
    expect(screen.getByText('失败 3 次')).toBeTruthy();
    expect(screen.getByText('所选期间 17 位')).toBeTruthy();
    expect(await screen.findByText('岗位管理', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(server.callsTo('/rest/index/loginfo')[0]!.body).toEqual({ days: 7 });

    // The charts come once ECharts has loaded, drawn as SVG.
    const visitChart = screen.getByRole('img', { name: '近 7 天每天的门户、控制台访问量和访客数' });
    await waitFor(() => expect(visitChart.querySelector('svg')).toBeTruthy(), { timeout: 10_000 });
    await waitFor(() => expect(screen.getByRole('img', { name: '近 7 天每天的登录成功、失败次数和登录用户数' }).querySelector('svg')).toBeTruthy());
    expect(visitChart.textContent).toContain('03-07');
    expect(visitChart.textContent).not.toContain('300');

    fireEvent.click(screen.getByText('近 30 天'));
    await waitFor(() => expect(server.callsTo('/rest/index/visitInfo').at(-1)!.body).toEqual({ days: 30, top: 8 }));
    // A month of views reaches 319 on the last day: the value axis grows to match.
    await waitFor(() => expect(screen.getByRole('img', { name: '近 30 天每天的门户、控制台访问量和访客数' }).textContent).toContain('300'));
  });
});

const COUNT_CALLS = ['/rest/expertPush/getMyTasks', '/rest/complain/getComplainPage', '/rest/content/getContentPage', '/rest/task/getTaskLogPage', '/rest/declare/getUnitReviewPage', '/rest/declare/getNominationPage', '/rest/auditPrize/getAuditPage'];
const todoCard = (key: string) => screen.queryByTestId(`todo-${key}`);

describe('/home: to-do cards', () => {
  it('shows no card, and counts nothing, for a user who may open none of the lists', async () => {
    const server = serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    await screen.findByRole('heading', { name: '常用功能' });
    expect(screen.queryByTestId('home-todos')).toBeNull();
    for (const path of COUNT_CALLS) expect(server.callsTo(path)).toHaveLength(0);
  });

  it('shows the cards of the lists the user may open, each with its count and a link to the filtered list', async () => {
    useConsoleStore.setState({ authList: ['cms:complaint:list', 'cms:content:list', 'message:my:list'], unreadCount: 4 });
    const server = serve();
    renderAtRoute(<HomePage />, '/home', '/home');

    const complaints = await screen.findByTestId('todo-complaints');
    await waitFor(() => expect(within(complaints).getByText('3')).toBeTruthy());
    expect(complaints.getAttribute('href')).toBe('/cms/complaint/complaintList?status=PENDING');
    expect(complaints.textContent).toBe('待处理投诉3条投诉建议等待回复');
    expect(server.callsTo('/rest/complain/getComplainPage')[0]!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 1 }, status: 'PENDING' });

    const drafts = todoCard('drafts')!;
    await waitFor(() => expect(within(drafts).getByText('5')).toBeTruthy());
    expect(drafts.getAttribute('href')).toBe('/cms/content/contentList?status=DRAFT');
    expect(server.callsTo('/rest/content/getContentPage')[0]!.body).toMatchObject({ status: 'DRAFT' });

    // The unread count is the bell's: no call of its own.
    expect(within(todoCard('unread')!).getByText('4')).toBeTruthy();
    expect(todoCard('unread')!.getAttribute('href')).toBe('/message/my/myMsgList');

    // No right to the task run log: no card and no call.
    expect(todoCard('failedRuns')).toBeNull();
    expect(server.callsTo('/rest/task/getTaskLogPage')).toHaveLength(0);
  });

  it('counts failed task runs of the last seven days for those who may read the run log', async () => {
    useConsoleStore.setState({ authList: ['base:scheduler:log'] });
    const server = serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    const runs = await screen.findByTestId('todo-failedRuns');
    await waitFor(() => expect(within(runs).getByText('2')).toBeTruthy());
    expect(runs.getAttribute('href')).toBe('/base/scheduler/schedulerMain?runs=all');
    const body = server.callsTo('/rest/task/getTaskLogPage')[0]!.body as { status: string; beginTime: string };
    expect(body.status).toBe('FAILED');
    const daysBack = (Date.now() - new Date(body.beginTime).getTime()) / 86_400_000;
    expect(Math.round(daysBack)).toBe(7);
    expect(screen.queryByTestId('todo-complaints')).toBeNull();
  });
});

describe('/home: review to-dos', () => {
  it('counts what waits at the reviewer’s own level only, linked to that queue', async () => {
    useConsoleStore.setState({ authList: ['award:unitReview:list'] });
    const server = serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    const unit = await screen.findByTestId('todo-unitReview');
    await waitFor(() => expect(within(unit).getByText('6')).toBeTruthy());
    expect(unit.getAttribute('href')).toBe('/award/unitReview/unitReviewList');
    expect(server.callsTo('/rest/declare/getUnitReviewPage')[0]!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 1 }, scope: 'PENDING' });
    expect(todoCard('formalReview')).toBeNull();
    expect(server.callsTo('/rest/auditPrize/getAuditPage')).toHaveLength(0);
    expect(server.callsTo('/rest/declare/getNominationPage')).toHaveLength(0);
  });

  it('shows an expert the invitations to answer and the accepted reviews not yet submitted', async () => {
    useConsoleStore.setState({ authList: ['award:expertTask:list'] });
    serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    const invitations = await screen.findByTestId('todo-reviewInvitations');
    await waitFor(() => expect(invitations.textContent).toBe('待答复评审邀请2项评审邀请等待接受或拒绝'));
    const toScore = screen.getByTestId('todo-reviewsToScore');
    await waitFor(() => expect(toScore.textContent).toBe('待提交评分4项已接受的评审尚未提交评分'));
    expect(toScore.getAttribute('href')).toBe('/award/expertTask/expertTaskList');
    expect(todoCard('formalReview')).toBeNull();
  });

  it('shows the prize office how many declarations wait for formal review', async () => {
    useConsoleStore.setState({ authList: ['award:formalReview:list'] });
    serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    const formal = await screen.findByTestId('todo-formalReview');
    await waitFor(() => expect(within(formal).getByText('9')).toBeTruthy());
    expect(formal.textContent).toBe('待形式审查9份申报书等待形式审查');
  });
});

describe('/home: quick links', () => {
  const entries = Array.from({ length: 12 }, (_, i) => route(`/m/e${i}`, `功能${i}`, { component: 'x' }));

  it('offers a handful of menu pages to a newcomer, not the whole menu', async () => {
    useConsoleStore.setState({ menuList: [route('/home', '首页', { component: 'home/index' }), route('/m', '模块', { children: entries })] });
    serve();
    renderAtRoute(<HomePage />, '/home', '/home');
    const card = await screen.findByTestId('home-quick-links');
    expect(within(card).getByRole('heading', { name: '常用功能' })).toBeTruthy();
    expect(within(card).getAllByRole('link').map((l) => l.textContent)).toEqual(['功能0', '功能1', '功能2', '功能3', '功能4', '功能5', '功能6', '功能7']);
  });

  it('shows the pages opened lately once there are some', async () => {
    useConsoleStore.setState({ menuList: [route('/m', '模块', { children: entries })] });
    serve([
      { funcId: '9', funcName: '岗位管理', path: '/system/post', viewTime: '2026-03-02T08:00:00.000Z' },
      { funcId: '1', funcName: '首页', path: '/home', viewTime: '2026-03-02T07:00:00.000Z' },
    ]);
    renderAtRoute(<HomePage />, '/home', '/home');
    const card = await screen.findByTestId('home-quick-links');
    await waitFor(() => expect(within(card).getByRole('heading', { name: '最近访问' })).toBeTruthy());
    expect(within(card).getAllByRole('link').map((l) => l.textContent)).toEqual(['岗位管理']);
  });
});

import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { MySitting, SittingDetail, SittingResults } from './api';
import SittingDetailPage from './SittingDetailPage';
import VotePage from './VotePage';

afterEach(() => vi.unstubAllGlobals());

const item = (n: number, overrides: Record<string, unknown> = {}) => ({
  declarationId: String(40 + n),
  title: `项目${n}`,
  registrationNo: `ZRKX2026000${n}`,
  declarationStatus: 'IN_COMMITTEE' as const,
  groupScore: 90 - n * 5,
  reviewCount: 5,
  suggestedGrade: 'FIRST' as const,
  proposedGrade: 'FIRST' as const,
  ...overrides,
});

function mySitting(overrides: Partial<MySitting> = {}): MySitting {
  return {
    id: '7', editionName: '2026年度科学技术奖', prizeName: '自然科学奖', title: '第一次会议', status: 'VOTING',
    openedAt: '2026-11-26T08:00:00.000Z', closedAt: null, prizeGrades: ['FIRST', 'SECOND', 'THIRD'],
    items: [
      { ...item(1), myVote: { choice: 'AGREE', grade: null, comment: null, updateTime: '2026-11-26T08:10:00.000Z' } },
      { ...item(2), myVote: null },
    ],
    ...overrides,
  };
}

async function choose(label: string, option: string) {
  const input = await waitFor(() => {
    const found = document.querySelector<HTMLElement>(`[aria-label="${label}"], #committeeVote_grade`);
    if (!found) throw new Error('no select');
    return found;
  });
  fireEvent.mouseDown(input.closest('.ant-select')!);
  const found = await waitFor(() => {
    const el = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.textContent === option);
    if (!el) throw new Error('no option');
    return el;
  });
  fireEvent.click(found);
}

describe('the member’s vote page', () => {
  it('shows the score and the proposed grade, refuses another grade without one locally, then sends the ballot', async () => {
    const server = fakeServer({
      '/rest/committeeVote/getMySitting': () => ok(mySitting()),
      '/rest/committeeVote/vote': () => ok({ choice: 'OTHER_GRADE', grade: 'SECOND', comment: '应用面较窄', updateTime: '2026-11-26T08:20:00.000Z' }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<VotePage />, '/award/committeeVote/vote', '/award/committeeVote/vote?id=7');
    expect(await screen.findByText('项目2')).toBeTruthy();
    expect(screen.getByText('已投 1 / 2 份。投票结束前可以修改；拟授奖等级未达到通过比例时降一等再计。')).toBeTruthy();
    expect(screen.getByText('同意（一等奖）')).toBeTruthy();
    expect(screen.getByText('80.00')).toBeTruthy();

    fireEvent.click(buttonNamed('投 票') ?? buttonNamed('投票')!);
    expect(await screen.findByText('投票：项目2')).toBeTruthy();
    fireEvent.click(await screen.findByLabelText('建议其他等级'));
    expect(await screen.findByText('建议等级')).toBeTruthy();
    fireEvent.click(buttonNamed('提交投票')!);
    expect(await screen.findByText('请选择建议的等级')).toBeTruthy();
    expect(server.callsTo('/rest/committeeVote/vote')).toHaveLength(0);

    await choose('建议等级', '二等奖');
    fireEvent.change(screen.getByLabelText('说明'), { target: { value: '应用面较窄' } });
    fireEvent.click(buttonNamed('提交投票')!);
    await waitFor(() => expect(server.callsTo('/rest/committeeVote/vote')).toHaveLength(1));
    expect(server.callsTo('/rest/committeeVote/vote')[0]!.body).toEqual({ sittingId: '7', declarationId: '42', choice: 'OTHER_GRADE', grade: 'SECOND', comment: '应用面较窄' });
  });

  it('offers no vote once the sitting is closed', async () => {
    const server = fakeServer({ '/rest/committeeVote/getMySitting': () => ok(mySitting({ status: 'CLOSED', closedAt: '2026-11-27T08:00:00.000Z' })) });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<VotePage />, '/award/committeeVote/vote', '/award/committeeVote/vote?id=7');
    expect(await screen.findByText('投票已结束，投票不能再更改。')).toBeTruthy();
    expect(buttonNamed('投票') ?? buttonNamed('投 票')).toBeNull();
    expect(buttonNamed('修改') ?? buttonNamed('修 改')).toBeNull();
  });
});

function detail(overrides: Partial<SittingDetail> = {}): SittingDetail {
  return {
    id: '7', editionId: '3', editionName: '2026年度科学技术奖', prizeId: '1', prizeName: '自然科学奖', title: '第一次会议', status: 'DRAFT',
    quorumRatio: '2/3', passRatio: '2/3', memberCount: 3, itemCount: 2, openedAt: null, closedAt: null, lockVersion: 1, createTime: '2026-11-26T08:00:00.000Z',
    prizeGrades: ['FIRST', 'SECOND', 'THIRD'],
    members: [{ userId: '11', name: '王立新', voted: 0 }, { userId: '12', name: '李明华', voted: 0 }, { userId: '13', name: '张建国', voted: 0 }],
    items: [{ ...item(1), votes: 0 }, { ...item(2, { proposedGrade: null, suggestedGrade: null, groupScore: null, reviewCount: 0 }), votes: 0 }],
    ...overrides,
  };
}

describe('the office’s sitting page', () => {
  it('in preparation: the proposed grade is picked per declaration; opening is offered to who may open', async () => {
    useConsoleStore.setState({ authList: ['award:committee:detail', 'award:committee:upd', 'award:committee:open'] });
    const server = fakeServer({ '/rest/committee/getSitting': () => ok(detail()), '/rest/committee/setProposedGrade': () => ok(null) });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<SittingDetailPage />, '/award/committee/sittingDetail', '/award/committee/sittingDetail?id=7');
    expect(await screen.findByText('项目2')).toBeTruthy();
    expect(buttonNamed('开始投票')).toBeTruthy();
    expect(buttonNamed('结束投票')).toBeNull();
    expect(buttonNamed('导出投票表')).toBeNull();
    await choose('项目2的拟授奖等级', '三等奖');
    await waitFor(() => expect(server.callsTo('/rest/committee/setProposedGrade')).toHaveLength(1));
    expect(server.callsTo('/rest/committee/setProposedGrade')[0]!.body).toEqual({ sittingId: '7', declarationId: '42', grade: 'THIRD' });
  });

  it('while voting: grades are read-only, progress per member, the live count names a declaration short of quorum', async () => {
    useConsoleStore.setState({ authList: ['award:committee:detail', 'award:committee:upd', 'award:committee:close', 'award:committee:export'] });
    const results: SittingResults = {
      sittingId: '7', title: '第一次会议', status: 'VOTING', recorded: false, members: 3, quorumRatio: '2/3', passRatio: '2/3',
      rows: [
        { declarationId: '41', title: '项目1', registrationNo: 'ZRKX20260001', groupScore: 85, proposedGrade: 'FIRST', present: 3, needed: 2, quorum: true, agree: 1, notAward: 0, otherGrades: [{ grade: 'SECOND', count: 2 }], tests: [{ grade: 'FIRST', support: 1, passed: false }, { grade: 'SECOND', support: 3, passed: true }], resultGrade: 'SECOND' },
        { declarationId: '42', title: '项目2', registrationNo: 'ZRKX20260002', groupScore: null, proposedGrade: 'THIRD', present: 1, needed: 2, quorum: false, agree: 1, notAward: 0, otherGrades: [], tests: [], resultGrade: null },
      ],
    };
    const voting = detail({ status: 'VOTING', members: [{ userId: '11', name: '王立新', voted: 2 }, { userId: '12', name: '李明华', voted: 1 }, { userId: '13', name: '张建国', voted: 1 }] });
    const server = fakeServer({ '/rest/committee/getSitting': () => ok(voting), '/rest/committee/getResults': () => ok(results) });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<SittingDetailPage />, '/award/committee/sittingDetail', '/award/committee/sittingDetail?id=7');
    expect(await screen.findByText('项目2')).toBeTruthy();
    expect(document.querySelector('[aria-label="项目2的拟授奖等级"]')).toBeNull();
    expect(buttonNamed('结束投票')).toBeTruthy();
    expect(buttonNamed('开始投票')).toBeNull();
    expect(buttonNamed('导出结果表')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '表决结果' }));
    expect(await screen.findByText('未达法定人数')).toBeTruthy();
    expect(screen.getByText('拟授二等奖')).toBeTruthy();
    expect(screen.getByText('一等奖 1/3✗；二等奖 3/3✓')).toBeTruthy();
  });
});

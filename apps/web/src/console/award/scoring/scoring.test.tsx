import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute, renderWidget } from '../../../test/widgetKit';
import { declarationDetail } from '../../../test/declarationFixtures';
import { useConsoleStore } from '../../../api/consoleStore';
import type { GroupResult, MyReview } from './api';
import { ResultTable } from './ResultTable';
import ReviewResultPage from './ReviewResultPage';
import ScorePage from './ScorePage';

const RUBRIC = [
  { name: '科学发现的创新性', weight: 40, maxScore: 40, description: null },
  { name: '学术影响与科学价值', weight: 30, maxScore: 30, description: null },
  { name: '研究难度与复杂程度', weight: 15, maxScore: 15, description: null },
  { name: '对学科发展的推动作用', weight: 15, maxScore: 15, description: null },
];

function myReview(overrides: Partial<MyReview> = {}): MyReview {
  return {
    assignmentId: '501',
    declarationId: '41',
    groupId: '9',
    groupName: '材料组',
    deadline: '2026-12-20',
    assignmentState: 'ACCEPTED',
    prizeName: '自然科学奖',
    rubric: RUBRIC,
    grades: ['FIRST', 'SECOND', 'THIRD'],
    leader: false,
    status: null,
    scores: RUBRIC.map((c) => ({ name: c.name, score: null })),
    total: null,
    comment: null,
    suggestedGrade: null,
    submittedAt: null,
    lockVersion: 0,
    ...overrides,
  };
}

afterEach(() => vi.unstubAllGlobals());

const field = (name: string) => screen.getByLabelText(name) as HTMLInputElement;
const type = (name: string, value: string) => {
  fireEvent.change(field(name), { target: { value } });
  fireEvent.blur(field(name));
};

describe('the score page', () => {
  it('bounds each criterion by its maximum, shows the weight and the live total, and refuses an incomplete submission locally', async () => {
    const server = fakeServer({
      '/rest/expertReview/getMyReview': () => ok(myReview()),
      '/rest/expertReview/getDeclaration': () => ok(declarationDetail()),
      '/rest/expertReview/submit': () => ok(myReview()),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<ScorePage />, '/award/scoring/score', '/award/scoring/score?assignmentId=501');
    expect(await screen.findByText('科学发现的创新性（满分 40，权重 40%）')).toBeTruthy();
    expect(field('科学发现的创新性').getAttribute('aria-valuemax')).toBe('40');
    expect(field('研究难度与复杂程度').getAttribute('aria-valuemax')).toBe('15');

    type('科学发现的创新性', '36.5');
    type('学术影响与科学价值', '27');
    await waitFor(() => expect(screen.getByTestId('live-total').textContent).toBe('总分：63.50 / 100'));
    // Above the maximum: the input keeps it within the criterion's bound.
    type('研究难度与复杂程度', '20');
    await waitFor(() => expect(field('研究难度与复杂程度').value).toBe('15.0'));

    fireEvent.click(buttonNamed('提交')!);
    expect(await screen.findByText('请填写「对学科发展的推动作用」的评分')).toBeTruthy();
    expect(await screen.findByText('请填写评审意见')).toBeTruthy();
    expect(server.callsTo('/rest/expertReview/submit')).toHaveLength(0);
  });

  it('submits after confirmation with the scores by criterion, then shows 已提交 read-only and the peers', async () => {
    const submitted = myReview({ status: 'SUBMITTED', assignmentState: 'SUBMITTED', total: 90, lockVersion: 2, comment: '创新性突出', scores: [
      { name: '科学发现的创新性', score: 36 }, { name: '学术影响与科学价值', score: 27 }, { name: '研究难度与复杂程度', score: 13.5 }, { name: '对学科发展的推动作用', score: 13.5 },
    ] });
    let current = myReview({ lockVersion: 1, status: 'DRAFT', assignmentState: 'IN_PROGRESS' });
    const server = fakeServer({
      '/rest/expertReview/getMyReview': () => ok(current),
      '/rest/expertReview/getDeclaration': () => ok(declarationDetail()),
      '/rest/expertReview/submit': () => { current = submitted; return ok(submitted); },
      '/rest/expertReview/getPeerScores': () => ok({ scaleMax: 100, flags: null, peers: [
        { label: '本人', mine: true, submitted: true, scores: submitted.scores, total: 90, suggestedGrade: 'FIRST', outlier: false },
        { label: '专家1', mine: false, submitted: false, scores: [], total: null, suggestedGrade: null, outlier: false },
      ] }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<ScorePage />, '/award/scoring/score', '/award/scoring/score?assignmentId=501');
    await screen.findByText('科学发现的创新性（满分 40，权重 40%）');
    expect(screen.getByText('提交本人评分后，可查看同组其他专家的评分。')).toBeTruthy();
    type('科学发现的创新性', '36');
    type('学术影响与科学价值', '27');
    type('研究难度与复杂程度', '13.5');
    type('对学科发展的推动作用', '13.5');
    fireEvent.change(screen.getByPlaceholderText('请对项目的创新性、科学价值与存在的问题给出意见'), { target: { value: '创新性突出' } });
    await waitFor(() => expect(screen.getByTestId('live-total').textContent).toBe('总分：90.00 / 100'));
    fireEvent.click(buttonNamed('提交')!);
    await waitFor(() => expect(buttonNamed('确定提交')).toBeTruthy());
    fireEvent.click(buttonNamed('确定提交')!);
    await waitFor(() => expect(server.callsTo('/rest/expertReview/submit')).toHaveLength(1));
    expect(server.callsTo('/rest/expertReview/submit')[0]!.body).toEqual({
      assignmentId: '501',
      lockVersion: 1,
      scores: submitted.scores,
      comment: '创新性突出',
      suggestedGrade: null,
    });
    expect((await screen.findAllByText('已提交')).length).toBeGreaterThan(0);
    expect(buttonNamed('保存')).toBeNull();
    expect(await screen.findByText('专家1')).toBeTruthy();
    expect(screen.getByText('未提交')).toBeTruthy();
  });
});

function groupResult(): GroupResult {
  const review = (id: string, name: string, total: number | null, extra: Partial<GroupResult['rows'][number]['reviews'][number]> = {}) => ({
    assignmentId: id, expertId: id, expertName: name, assignmentState: total === null ? ('IN_PROGRESS' as const) : ('SUBMITTED' as const), submitted: total !== null,
    total, scores: [], suggestedGrade: null, comment: null, submittedAt: null, outlier: false, calibrated: true, ...extra,
  });
  const row = (id: string, title: string, rank: number, extra: Partial<GroupResult['rows'][number]>) => ({
    declarationId: id, title, registrationNo: `ZRKX-${id}`, status: 'IN_REVIEW' as const, reviews: [], submitted: 3, expected: 3, groupScore: null, calibratedMean: null,
    calibratedReviews: 3, uncalibratedReviews: 0, rank, percentile: null, flags: [], withinQuota: false, decisionOpinion: null, ...extra,
  });
  return {
    groupId: '9', groupName: '材料组', editionId: '1', prizeId: '3', prizeName: '自然科学奖', scoreMethod: 'TRIMMED', scaleMax: 100, rubric: RUBRIC,
    settings: { groupId: '9', sdPct: 15, rangePct: 30, outlierSd: 2, outlierMinPct: 10, quotaMode: 'COUNT', quotaValue: 1 },
    quota: 1, tiedAtLine: false,
    rows: [
      row('1', '项目一', 1, { reviews: [review('11', '甲', 90), review('12', '乙', 92), review('13', '丙', 40, { outlier: true, calibrated: false })], groupScore: 88.75, calibratedMean: 91.866, uncalibratedReviews: 1, percentile: 90, flags: ['SPREAD', 'OUTLIER'], withinQuota: true }),
      row('2', '项目二', 2, { reviews: [review('21', '甲', 70), review('22', '乙', null)], submitted: 1, expected: 2, groupScore: 70, calibratedMean: 67.03, percentile: 50 }),
    ],
  };
}

describe('the result table', () => {
  it('shows missing reviews as 缺, the trimmed and calibrated means, flags and the quota line under the last row within', async () => {
    renderWidget(<ResultTable result={groupResult()} selected={[]} onSelect={() => {}} />);
    const rows = document.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('88.75')).toBeTruthy();
    expect(first.getByText('91.87')).toBeTruthy();
    expect(first.getByText('未校准')).toBeTruthy();
    expect(first.getByText('分歧较大（标准差）')).toBeTruthy();
    expect(first.getByText('存在离群评分')).toBeTruthy();
    expect(first.getByText('名额内')).toBeTruthy();
    expect((rows[0] as HTMLElement).getAttribute('aria-label')).toBe('名额线');
    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('缺')).toBeTruthy();
    expect(second.getByText('1/2')).toBeTruthy();
    expect(second.queryByText('未校准')).toBeNull();
    expect((rows[1] as HTMLElement).getAttribute('aria-label')).toBeNull();
  });

  it('lets the office select declarations and reopen a submitted review from the expanded row', async () => {
    const onSelect = vi.fn();
    const onReopen = vi.fn();
    renderWidget(<ResultTable result={groupResult()} selected={[]} onSelect={onSelect} onReopen={onReopen} />);
    fireEvent.click(document.querySelectorAll('tbody tr.ant-table-row input[type="checkbox"]')[1]!);
    expect(onSelect).toHaveBeenCalledWith(['2']);
    fireEvent.click(document.querySelectorAll('tbody tr.ant-table-row .ant-table-row-expand-icon')[1]!);
    await waitFor(() => expect(buttonNamed('重开评审')).toBeTruthy());
    fireEvent.click(buttonNamed('重开评审')!);
    expect(onReopen.mock.calls[0]![0]).toMatchObject({ assignmentId: '21', expertName: '甲' });
  });
});


describe('the 评审结果 page', () => {
  it('loads a chosen group, asks for an opinion before eliminating, then decides the selected declarations and reloads', async () => {
    useConsoleStore.setState({ authList: ['award:reviewResult:result', 'award:reviewResult:decide'] });
    const server = fakeServer({
      '/rest/reviewResult/getGroups': () => ok([{ groupId: '9', groupName: '材料组', editionId: '1', prizeId: '3' }]),
      '/rest/reviewResult/getGroupResult': () => ok(groupResult()),
      '/rest/reviewResult/decide': () => ok({ decided: 1 }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<ReviewResultPage />, '/award/reviewResult/reviewResultList', '/award/reviewResult/reviewResultList');
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[aria-label="评审组"]');
      if (!found) throw new Error('no group select');
      return found;
    });
    fireEvent.mouseDown(input.closest('.ant-select')!);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((el) => el.textContent === '材料组');
      if (!found) throw new Error('no option');
      return found;
    });
    fireEvent.click(option);
    expect(await screen.findByText('项目一')).toBeTruthy();
    expect(buttonNamed('导出')).toBeNull();
    expect(buttonNamed('淘汰')!.disabled).toBe(true);

    fireEvent.click(document.querySelectorAll('tbody tr.ant-table-row input[type="checkbox"]')[1]!);
    await waitFor(() => expect(buttonNamed('淘汰')!.disabled).toBe(false));
    fireEvent.click(buttonNamed('淘汰')!);
    expect(await screen.findByText('评审结论：淘汰（1 份）')).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('淘汰或缓评须填写意见')).toBeTruthy();
    expect(server.callsTo('/rest/reviewResult/decide')).toHaveLength(0);

    fireEvent.change(document.querySelector('#reviewDecision_opinion')!, { target: { value: '创新性不足' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/reviewResult/decide')).toHaveLength(1));
    expect(server.callsTo('/rest/reviewResult/decide')[0]!.body).toEqual({ declarationIds: ['2'], decision: 'ELIMINATED', opinion: '创新性不足' });
    await waitFor(() => expect(server.callsTo('/rest/reviewResult/getGroupResult').length).toBeGreaterThan(1));
  });
});

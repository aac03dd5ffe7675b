import '../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../test/widgetKit';
import { useConsoleStore } from '../../api/consoleStore';
import PrizeFormPage from './prize/PrizeFormPage';
import PrizeListPage from './prize/PrizeListPage';
import EditionListPage from './edition/EditionListPage';
import type { Prize } from './prize/api';
import type { Edition } from './edition/api';

const audit = { createTime: '2026-03-01T02:30:00.000Z', createBy: 'admin', createById: '1', updateBy: 'admin', updateById: '1', updateTime: '2026-03-01T02:30:00.000Z', delFlag: 0, lockVersion: 2 };
const PRIZE: Prize = {
  prizeId: '3',
  prizeCode: 'KJJB',
  prizeName: '科技进步奖',
  kind: 'TECH_PROGRESS',
  guide: null,
  grades: [
    { grade: 'SPECIAL', quota: 1, maxPersons: 15, maxUnits: 10 },
    { grade: 'FIRST', quota: 20, maxPersons: 10, maxUnits: 7 },
  ],
  rubric: [{ name: '技术创新程度', weight: 100, maxScore: 100, description: null }],
  formConfig: { sections: ['BASIC'], wordLimits: {}, requiredAttachments: [] },
  scoreMethod: 'TRIMMED',
  status: 'NORMAL',
  sort: 0,
  remark: null,
  ...audit,
};
const stage = (s: Edition['stages'][number]['stage'], startDate: string | null = null, endDate: string | null = null) => ({ stage: s, startDate, endDate });
const EDITION: Edition = {
  editionId: '7',
  year: 2026,
  editionName: '2026年度科学技术奖',
  prizeIds: ['3'],
  prizeNames: ['科技进步奖'],
  stages: [stage('DECLARATION', '2026-03-01', '2026-03-31'), stage('UNIT_REVIEW')],
  unitReview: true,
  nominatorReview: false,
  fixDeadlineWorkingDays: 5,
  eligibility: { onePersonOneDeclaration: true, excludeWinnersOfLastEditions: 2, excludeNotAwardedLastEdition: true },
  guide: null,
  published: false,
  phase: 'PREPARING',
  ...audit,
};

function serve(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/prize/getPrizePage': (call) => ok({ list: [PRIZE], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/edition/getEditionPage': (call) => ok({ list: [EDITION], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('PrizeListPage', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['award:prize:list'] }));

  it('shows each grade with its caps and hides every action without its code', async () => {
    serve();
    renderAtRoute(<PrizeListPage />, '/award/prize/prizeList', '/award/prize/prizeList');
    expect((await screen.findAllByText('科技进步奖')).length).toBeGreaterThan(0);
    expect(screen.getByText('特等奖 15人/10单位')).toBeTruthy();
    expect(screen.getByText('一等奖 10人/7单位')).toBeTruthy();
    for (const label of ['新增', '修改', '详情', '停用', '删除']) expect(buttonNamed(label), label).toBeNull();
  });
});

describe('PrizeFormPage', () => {
  it('refuses a rubric whose weights do not add up to 100, with the server’s message, before sending', async () => {
    const server = serve({ '/rest/prize/add': () => ok(PRIZE) });
    renderAtRoute(<PrizeFormPage />, '/award/prize/prizeAdd', '/award/prize/prizeAdd');
    expect(await screen.findByText('新增奖种')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('奖种编码'), { target: { value: 'CXCY' } });
    fireEvent.change(screen.getByLabelText('奖种名称'), { target: { value: '创新创业奖' } });
    fireEvent.change(screen.getByLabelText('指标名称'), { target: { value: '创新性' } });
    fireEvent.change(screen.getByLabelText('权重'), { target: { value: '60' } });
    expect(await screen.findByText('权重合计 60 / 100')).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
    await waitFor(() => expect(errors()).toContain('评分指标的权重合计必须为100'));
    expect(errors()).toContain('请选择奖种类别');
    expect(server.callsTo('/rest/prize/add')).toHaveLength(0);
  });
});

describe('EditionListPage', () => {
  it('shows the declaration window and phase; 发布 and 删除 for an unpublished edition only with their codes', async () => {
    useConsoleStore.setState({ authList: ['award:edition:list', 'award:edition:publish', 'award:edition:del'] });
    const server = serve({ '/rest/edition/publish': (call) => ok({ ...EDITION, ...(call.body as object), published: true }) });
    renderAtRoute(<EditionListPage />, '/award/edition/editionList', '/award/edition/editionList');
    expect(await screen.findByText('2026年度科学技术奖')).toBeTruthy();
    expect(screen.getByText('2026-03-01 至 2026-03-31')).toBeTruthy();
    expect(screen.getByText('筹备中')).toBeTruthy();
    expect(screen.getByText('未发布')).toBeTruthy();
    expect(buttonNamed('新增')).toBeNull();
    expect(buttonNamed('复制上一届')).toBeNull();
    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByRole('menuitem', { name: '发布' }));
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    await waitFor(() => expect(server.callsTo('/rest/edition/publish')).toHaveLength(1));
    expect(server.callsTo('/rest/edition/publish')[0]!.body).toEqual({ editionId: '7', lockVersion: 2 });
  });
});

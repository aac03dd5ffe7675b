import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { FieldSetting, PublicityDetail, PublicityRow } from './api';
import PublicityFieldsPage from './PublicityFieldsPage';
import PublicityListPage from './PublicityListPage';

type Route = (call: FakeCall) => ReturnType<typeof ok>;
const LIST = '/award/publicity/publicityList';
const FIELDS = '/award/publicity/publicityFields';

function row(extra: Partial<PublicityRow> = {}): PublicityRow {
  return {
    publicityId: '5',
    editionId: '1',
    editionName: '2026年度科学技术奖',
    prizeId: '2',
    prizeName: '自然科学奖',
    kind: 'ACCEPTANCE',
    title: '自然科学奖受理公示',
    note: null,
    startDate: '2026-12-01',
    days: 15,
    dayKind: 'NATURAL',
    endDate: '2026-12-15',
    status: 'DRAFT',
    entryCount: 3,
    leftOutCount: 1,
    openedAt: null,
    closedAt: null,
    createTime: '2026-11-20T02:00:00.000Z',
    createBy: 'office',
    createById: '1',
    updateTime: '2026-11-20T02:00:00.000Z',
    updateBy: 'office',
    updateById: '1',
    delFlag: 0,
    lockVersion: 2,
    ...extra,
  };
}
const DRAFT = row();
const OPEN = row({ publicityId: '6', title: '自然科学奖结果公示', kind: 'RESULT', status: 'OPEN', dayKind: 'WORKING' });

function detail(base: PublicityRow): PublicityDetail {
  return {
    ...base,
    entries: [{ entryId: '9', declarationId: '70', sort: 1, title: '高熵合金的设计与制备', registrationNo: 'ZRKX20260001', completers: ['张三', '李四'], units: ['甲大学'], grade: base.kind === 'RESULT' ? 'FIRST' : null, disciplineCodes: null, category: null, keywords: null, summaryHtml: null, applicationHtml: null }],
    leftOut: [{ declarationId: '71', registrationNo: 'ZRKX20260002', reason: '密级为「涉密」，不予公示' }],
  };
}

function serve(extra: Record<string, Route> = {}) {
  const server = fakeServer({
    '/rest/publicity/getPublicityByPage': (call) => {
      const body = call.body as { status?: string; pageParameter: object };
      const rows = [DRAFT, OPEN].filter((r) => !body.status || r.status === body.status);
      return ok({ list: rows, total: rows.length, ...body.pageParameter });
    },
    '/rest/publicity/detail': (call) => ok(detail((call.body as { publicityId: string }).publicityId === '6' ? OPEN : DRAFT)),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

afterEach(() => vi.unstubAllGlobals());

describe('公示管理 list', () => {
  it('shows the window, counts and status; only 详情 without the move permissions', async () => {
    useConsoleStore.setState({ authList: ['award:publicity:list', 'award:publicity:detail'] });
    serve();
    renderAtRoute(<PublicityListPage />, LIST, LIST);
    expect(await screen.findByText('自然科学奖受理公示')).toBeTruthy();
    expect(within(rowOf('自然科学奖受理公示')).getByText('2026-12-01 至 2026-12-15（15 个自然日）')).toBeTruthy();
    expect(within(rowOf('自然科学奖受理公示')).getByText('3 / 1')).toBeTruthy();
    expect(within(rowOf('自然科学奖结果公示')).getByText('公示中')).toBeTruthy();
    for (const label of ['修改', '发布', '提前结束', '新增']) expect(buttonNamed(label), label).toBeNull();
  });

  it('offers each move only in the states it starts from', async () => {
    useConsoleStore.setState({ authList: ['award:publicity:list', 'award:publicity:upd', 'award:publicity:schedule', 'award:publicity:close', 'award:publicity:add'] });
    serve();
    renderAtRoute(<PublicityListPage />, LIST, LIST);
    expect(await screen.findByText('自然科学奖受理公示')).toBeTruthy();
    expect(within(rowOf('自然科学奖受理公示')).queryByText('发布')).toBeTruthy();
    expect(within(rowOf('自然科学奖受理公示')).queryByText('修改')).toBeTruthy();
    expect(within(rowOf('自然科学奖受理公示')).queryByText('提前结束')).toBeNull();
    expect(within(rowOf('自然科学奖结果公示')).queryByText('提前结束')).toBeTruthy();
    expect(within(rowOf('自然科学奖结果公示')).queryByText('发布')).toBeNull();
    expect(buttonNamed('新增')).toBeTruthy();
  });

  it('schedules a draft after the confirmation with its lockVersion and reloads', async () => {
    useConsoleStore.setState({ authList: ['award:publicity:list', 'award:publicity:schedule'] });
    const server = serve({ '/rest/publicity/schedule': () => ok({ ...DRAFT, status: 'SCHEDULED' }) });
    renderAtRoute(<PublicityListPage />, LIST, LIST);
    expect(await screen.findByText('自然科学奖受理公示')).toBeTruthy();
    fireEvent.click(within(rowOf('自然科学奖受理公示')).getByText('发布'));
    expect(await screen.findByText('发布公示「自然科学奖受理公示」？')).toBeTruthy();
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/publicity/schedule')).toHaveLength(1));
    expect(server.callsTo('/rest/publicity/schedule')[0]!.body).toEqual({ publicityId: '5', lockVersion: 2 });
    await waitFor(() => expect(server.callsTo('/rest/publicity/getPublicityByPage').length).toBeGreaterThan(1));
  });

  it('shows the entries and the left-out declarations in the detail', async () => {
    useConsoleStore.setState({ authList: ['award:publicity:list', 'award:publicity:detail'] });
    serve();
    renderAtRoute(<PublicityListPage />, LIST, LIST);
    fireEvent.click(await screen.findByText('自然科学奖结果公示'));
    expect(await screen.findByText('高熵合金的设计与制备')).toBeTruthy();
    expect(screen.getByText('张三、李四')).toBeTruthy();
    expect(screen.getByText('一等奖')).toBeTruthy();
    expect(screen.getByText('未公示 1 项（涉密或内部申报书不对外公示）')).toBeTruthy();
    expect(screen.getByText('ZRKX20260002：密级为「涉密」，不予公示')).toBeTruthy();
  });

  it('refuses to save a new publicity without a title, with the contract’s message', async () => {
    useConsoleStore.setState({ authList: ['award:publicity:list', 'award:publicity:add'] });
    const server = serve();
    renderAtRoute(<PublicityListPage />, LIST, LIST);
    expect(await screen.findByText('自然科学奖受理公示')).toBeTruthy();
    fireEvent.click(buttonNamed('新增')!);
    expect(await screen.findByText('新增公示')).toBeTruthy();
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent)).toContain('请输入公示标题'));
    expect(server.callsTo('/rest/publicity/add')).toHaveLength(0);
  });
});

describe('公示字段设置', () => {
  const SETTINGS: FieldSetting[] = [
    { prizeKind: 'NATURAL_SCIENCE', fields: ['completers', 'units', 'grade', 'disciplines'], lockVersion: 0 },
    { prizeKind: 'TECH_INVENTION', fields: ['completers'], lockVersion: 3 },
  ];

  it('saves one kind’s changed fields with its lockVersion', async () => {
    useConsoleStore.setState({ authList: ['award:publicity:setting'] });
    const server = serve({ '/rest/publicity/getFieldSettings': () => ok(SETTINGS), '/rest/publicity/saveFieldSetting': (call) => ok({ ...(call.body as object), lockVersion: 4 }) });
    renderAtRoute(<PublicityFieldsPage />, FIELDS, FIELDS);
    const techRow = (await screen.findByText('技术发明奖')).closest('tr') as HTMLElement;
    expect(within(techRow).getByText('已设置')).toBeTruthy();
    fireEvent.click(within(techRow).getByLabelText('完成单位（按排序）'));
    fireEvent.click(within(techRow).getByText('保存'));
    await waitFor(() => expect(server.callsTo('/rest/publicity/saveFieldSetting')).toHaveLength(1));
    expect(server.callsTo('/rest/publicity/saveFieldSetting')[0]!.body).toEqual({ prizeKind: 'TECH_INVENTION', fields: ['completers', 'units'], lockVersion: 3 });
  });
});

import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import RegionListPage from './RegionListPage';
import type { Region } from './api';

const TIME = '2026-03-01T02:30:00.000Z';
const region = (regionId: string, regionCode: string, regionName: string, regionLevel: number, parentId: string | null, hasChildren: boolean): Region => ({
  regionId, parentId, parentCode: null, regionCode, regionName, regionLevel, sort: 1, remark: null, hasChildren, lockVersion: 0, createTime: TIME, createBy: 'system', updateTime: TIME, updateBy: 'system', createById: null, updateById: null, delFlag: 0,
});
const TREE: Record<string, Region[]> = {
  '': [region('1', '110000', '北京市', 1, null, true), region('2', '330000', '浙江省', 1, null, true)],
  '2': [region('3', '330100', '杭州市', 2, '2', true)],
  '3': [region('4', '330106', '西湖区', 3, '3', false)],
};
const CHILDREN: Record<string, Array<{ regionCode: string; regionName: string; regionLevel: number; isLeaf: boolean }>> = {
  '': [{ regionCode: '110000', regionName: '北京市', regionLevel: 1, isLeaf: false }, { regionCode: '330000', regionName: '浙江省', regionLevel: 1, isLeaf: false }],
  '330000': [{ regionCode: '330100', regionName: '杭州市', regionLevel: 2, isLeaf: false }],
};

function serve(extra: Record<string, (call: FakeCall) => FakeReply> = {}) {
  const server = fakeServer({
    '/rest/region/tree': (call) => ok(TREE[(call.body as { parentId?: string }).parentId ?? ''] ?? []),
    '/rest/region/children': (call) => ok(CHILDREN[(call.body as { parentCode?: string }).parentCode ?? ''] ?? []),
    '/rest/region/search': (call) => {
      const { pageParameter } = call.body as { pageParameter: object };
      return ok({ list: [{ ...TREE['3']![0]!, fullName: '浙江省 / 杭州市 / 西湖区', pathCodes: ['330000', '330100', '330106'] }], total: 1, ...pageParameter });
    },
    '/rest/region/groupPage': (call) =>
      ok({ list: [{ groupId: '7', groupCode: 'EAST', groupName: '华东地区', sort: 0, remark: null, memberCount: 3, memberNames: ['上海市', '江苏省', '浙江省'], lockVersion: 0, updateTime: TIME }], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const openPage = () => renderAtRoute(<RegionListPage />, '/base/region/regionList', '/base/region/regionList');
const fieldErrors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const expand = (name: string) => fireEvent.click(rowOf(name).querySelector('.ant-table-row-expand-icon')!);
const pickInCascader = async (name: string) => fireEvent.click((await screen.findAllByText(name, { selector: '.ant-cascader-menu-item-content' }))[0]!);

beforeEach(() => useConsoleStore.setState({ authList: ['base:region:list', 'base:region:add', 'base:region:upd', 'base:region:del'] }));
afterEach(() => vi.unstubAllGlobals());

describe('/base/region/regionList', () => {
  it('hides the change buttons without their codes', async () => {
    useConsoleStore.setState({ authList: ['base:region:list'] });
    serve();
    openPage();
    expect(await screen.findByText('浙江省')).toBeTruthy();
    for (const label of ['新增', '新增下级', '修改', '删除']) expect(buttonNamed(label), label).toBeNull();
  });

  it('loads each level when it is opened', async () => {
    const server = serve();
    openPage();
    await screen.findByText('浙江省');
    expect(server.callsTo('/rest/region/tree').map((c) => c.body)).toEqual([{}]);
    expand('浙江省');
    expect(await screen.findByText('杭州市')).toBeTruthy();
    expand('杭州市');
    expect(await screen.findByText('西湖区')).toBeTruthy();
    expect(server.callsTo('/rest/region/tree').map((c) => c.body)).toEqual([{}, { parentId: '2' }, { parentId: '3' }]);
    expect(within(rowOf('西湖区')).getByText('区县级')).toBeTruthy();
  });

  it('searches by name or code and shows the full name', async () => {
    const server = serve();
    openPage();
    await screen.findByText('浙江省');
    fireEvent.change(screen.getByLabelText('搜索行政区划'), { target: { value: '西湖' } });
    fireEvent.keyDown(screen.getByLabelText('搜索行政区划'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('浙江省 / 杭州市 / 西湖区')).toBeTruthy();
    expect(server.callsTo('/rest/region/search')[0]!.body).toMatchObject({ keyword: '西湖', pageParameter: { pageNum: 1 } });
  });

  it('adds a region under a parent picked in the cascader, after the required-field messages', async () => {
    const server = serve({ '/rest/region/add': (call) => ok({ ...region('9', '330199', '新区', 3, '3', false), ...(call.body as object) }) });
    openPage();
    await screen.findByText('浙江省');
    fireEvent.click(buttonNamed('新增')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('保存').closest('button')!);
    await waitFor(() => expect(fieldErrors()).toEqual(['填写内容不能为空', '填写内容不能为空']));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    await pickInCascader('浙江省');
    await pickInCascader('杭州市');
    fireEvent.change(within(dialog).getByLabelText('区划代码'), { target: { value: '3301' } });
    await waitFor(() => expect(fieldErrors()).toContain('区划代码须为6至12位数字'));
    fireEvent.change(within(dialog).getByLabelText('区划代码'), { target: { value: '330199' } });
    fireEvent.change(within(dialog).getByLabelText('区划名称'), { target: { value: '新区' } });
    fireEvent.click(within(dialog).getByText('保存').closest('button')!);
    await waitFor(() => expect(server.callsTo('/rest/region/add')).toHaveLength(1));
    expect(server.callsTo('/rest/region/add')[0]!.body).toEqual({ parentCode: '330100', regionCode: '330199', regionName: '新区', remark: null });
  });

  it('the group tab lists groups and refuses a group without members before sending', async () => {
    const server = serve({ '/rest/region/addGroup': (call) => ok({ groupId: '8', ...(call.body as object), memberCount: 1, members: [], lockVersion: 0, updateTime: TIME }) });
    openPage();
    fireEvent.click(await screen.findByText('区划分组'));
    expect(await screen.findByText('华东地区')).toBeTruthy();
    expect(screen.getByText('江苏省')).toBeTruthy();
    fireEvent.click(buttonNamed('新增分组')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('分组编码'), { target: { value: 'PILOT' } });
    fireEvent.change(within(dialog).getByLabelText('分组名称'), { target: { value: '试点地区' } });
    fireEvent.click(within(dialog).getByText('保存').closest('button')!);
    await waitFor(() => expect(fieldErrors()).toEqual(['请至少选择一个行政区划']));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    await pickInCascader('浙江省');
    fireEvent.click(within(dialog).getByText('添加').closest('button')!);
    expect(await within(dialog).findByText('浙江省', { selector: '.ant-tag *, .ant-tag' })).toBeTruthy();
    fireEvent.click(within(dialog).getByText('保存').closest('button')!);
    await waitFor(() => expect(server.callsTo('/rest/region/addGroup')).toHaveLength(1));
    expect(server.callsTo('/rest/region/addGroup')[0]!.body).toEqual({ groupCode: 'PILOT', groupName: '试点地区', sort: 0, remark: null, regionCodes: ['330000'] });
  });
});

import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import DictListPage from './DictListPage';
import type { CategoryNode, DictRecord } from './api';
import { keepsLockedOrder } from './ItemSortModal';

const ALL_CODES = ['base:dict:list', 'base:dict:add', 'base:dict:upd', 'base:dict:del', 'base:dict:sort', 'base:dict:lock', 'base:dict:refresh'];
const TIME = '2026-03-01T02:30:00.000Z';

const entry = (dictId: string, dictCode: string, dictName: string, extra: Partial<DictRecord> = {}): DictRecord => ({
  dictId, parentId: null, dictCode, dictFullCode: dictCode, dictName, dictType: 'ITEM', dictLevel: 2, dictSort: Number(dictId), lockFlag: false, remark: null, appCode: null,
  delFlag: 0, lockVersion: 0, createTime: TIME, createBy: 'admin', updateTime: TIME, updateBy: 'admin', createById: null, updateById: null, label: dictName, value: dictCode, parent: null, ...extra,
});
const category = (dictId: string, dictCode: string, dictName: string, extra: Partial<CategoryNode> = {}): CategoryNode => ({
  ...entry(dictId, dictCode, dictName, { dictType: 'DICT', dictLevel: 1 }), itemCount: 0, childrens: [], ...extra,
});

let items: DictRecord[];
let tree: CategoryNode[];

function serve(extra: Record<string, (call: FakeCall) => FakeReply> = {}) {
  const server = fakeServer({
    '/rest/dict/dictTree': (call) => {
      const { keyword } = call.body as { keyword?: string };
      return ok(keyword ? tree.filter((c) => c.dictName.includes(keyword) || c.dictCode.includes(keyword)) : tree);
    },
    '/rest/dict/queryApp': () => ok([{ appCode: 'declare', appName: '申报系统', status: 'NORMAL', dicts: [] }]),
    '/rest/dictItem/listByPage': (call) => {
      const { keyword, pageParameter } = call.body as { keyword?: string; pageParameter: { pageNum: number; pageSize: number } };
      const list = items.filter((i) => !keyword || i.dictName.includes(keyword) || i.dictCode.includes(keyword));
      return ok({ list, total: list.length, ...pageParameter });
    },
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const openPage = () => renderAtRoute(<DictListPage />, '/base/dict/dictList', '/base/dict/dictList');
const fieldErrors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const buttonIn = (scope: HTMLElement, label: string) => within(scope).getByText(label).closest('button') as HTMLButtonElement;

async function selectOrgType() {
  fireEvent.click(await screen.findByText('机构类型'));
  await screen.findByText('单位');
}

beforeEach(() => {
  tree = [category('1', 'ORG_TYPE', '机构类型', { lockFlag: true, itemCount: 2 }), category('2', 'ROLE_TYPE', '角色类型', { itemCount: 3 })];
  items = [entry('11', 'UNIT', '单位', { lockFlag: true, parentId: '1', dictFullCode: 'ORG_TYPE|UNIT' }), entry('12', 'DEPT', '部门', { parentId: '1', lockVersion: 3 })];
  useConsoleStore.setState({ authList: ALL_CODES });
});
afterEach(() => vi.unstubAllGlobals());

describe('/base/dict/dictList', () => {
  it('shows the tree and the values, but no change buttons without the codes', async () => {
    useConsoleStore.setState({ authList: ['base:dict:list'] });
    const server = serve();
    openPage();
    expect(await screen.findByText('在左侧选择一个字典分类，查看和维护它的字典项')).toBeTruthy();
    await selectOrgType();
    expect(server.callsTo('/rest/dictItem/listByPage')[0]!.body).toMatchObject({ parentId: '1', pageParameter: { pageNum: 1, pageSize: 10 } });
    expect(screen.getByText('字典项 · 机构类型')).toBeTruthy();
    for (const label of ['新增分类', '刷新缓存', '新增下级', '新增', '修改', '锁定', '解锁', '删除', '批量删除', '排序']) expect(buttonNamed(label), label).toBeNull();
    expect(buttonNamed('导出')).toBeTruthy();
  });

  it('adds a value: required fields say 填写内容不能为空, codes are checked, and the saved value drops the cached copy selects use', async () => {
    localStorage.setItem('dandelion__dict:ORG_TYPE', JSON.stringify({ savedAt: Date.now(), items: [] }));
    localStorage.setItem('dandelion__dict:ROLE_TYPE', JSON.stringify({ savedAt: Date.now(), items: [] }));
    const server = serve({
      '/rest/dictItem/add': (call) => {
        const body = call.body as { dictCode: string; dictName: string };
        const saved = entry('13', body.dictCode, body.dictName, { parentId: '1' });
        items = [...items, saved];
        return ok(saved, '新增成功');
      },
    });
    openPage();
    await selectOrgType();
    fireEvent.click(buttonNamed('新增')!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('机构类型（ORG_TYPE）')).toBeTruthy();
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(fieldErrors()).toEqual(['填写内容不能为空', '填写内容不能为空']));
    fireEvent.change(within(dialog).getByLabelText('字典项编码'), { target: { value: '企业' } });
    await waitFor(() => expect(fieldErrors()).toContain('字典编码只能包含字母、数字和下划线'));
    fireEvent.change(within(dialog).getByLabelText('字典项编码'), { target: { value: 'ENTERPRISE' } });
    fireEvent.change(within(dialog).getByLabelText('字典项名称'), { target: { value: '企业' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(server.callsTo('/rest/dictItem/add')).toHaveLength(1));
    expect(server.callsTo('/rest/dictItem/add')[0]!.body).toEqual({ parentId: '1', dictCode: 'ENTERPRISE', dictName: '企业', remark: null });
    expect(await screen.findByText('企业')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem('dandelion__dict:ORG_TYPE')).toBeNull());
    expect(localStorage.getItem('dandelion__dict:ROLE_TYPE')).not.toBeNull();
  });

  it('shows a refusal inside the dialog and keeps it open', async () => {
    serve({ '/rest/dictItem/add': () => refuse(409, '字典项编码「DEPT」在「机构类型」中已存在，请更换后重试') });
    openPage();
    await selectOrgType();
    fireEvent.click(buttonNamed('新增')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('字典项编码'), { target: { value: 'DEPT' } });
    fireEvent.change(within(dialog).getByLabelText('字典项名称'), { target: { value: '部门2' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    expect(await within(dialog).findByText('字典项编码「DEPT」在「机构类型」中已存在，请更换后重试')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('checks a code while it is typed, as the full code it makes under its parent', async () => {
    const taken = new Set(['ORG_TYPE|UNIT', 'ROLE_TYPE']);
    const server = serve({
      '/rest/common/checkDuplicate': (call) => {
        const { fieldVal } = call.body as { fieldVal: string };
        return ok(taken.has(fieldVal) ? { success: false, message: '字典编码已存在' } : { success: true, message: '字典编码可以使用' });
      },
    });
    const asked = () => server.callsTo('/rest/common/checkDuplicate').map((c) => c.body);
    openPage();
    await selectOrgType();
    fireEvent.click(buttonNamed('新增')!);
    let dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('字典项编码'), { target: { value: 'UNIT' } });
    expect(await within(dialog).findByText('字典编码已存在')).toBeTruthy();
    expect(asked()).toEqual([{ tableName: 'dictionary', fieldName: 'dictFullCode', fieldVal: 'ORG_TYPE|UNIT', dataId: null }]);
    fireEvent.click(buttonIn(dialog, '取消'));

    // A top category's full code is its code.
    fireEvent.click(buttonNamed('新增分类')!);
    dialog = (await screen.findByText('新增字典分类')).closest('[role="dialog"]') as HTMLElement;
    fireEvent.change(within(dialog).getByLabelText('分类编码'), { target: { value: 'ROLE_TYPE' } });
    expect(await within(dialog).findByText('字典编码已存在')).toBeTruthy();
    expect(asked().at(-1)).toEqual({ tableName: 'dictionary', fieldName: 'dictFullCode', fieldVal: 'ROLE_TYPE', dataId: null });
  });

  it('a locked value cannot be edited, deleted or selected; locking sends the lock version', async () => {
    const server = serve({ '/rest/dict/lock': (call) => ok({ ...items[1]!, ...(call.body as object) }) });
    openPage();
    await selectOrgType();
    expect(buttonIn(rowOf('单位'), '修改').disabled).toBe(true);
    expect(buttonIn(rowOf('单位'), '删除').disabled).toBe(true);
    expect((within(rowOf('单位')).getByRole('checkbox') as HTMLInputElement).disabled).toBe(true);
    expect(buttonIn(rowOf('部门'), '修改').disabled).toBe(false);
    fireEvent.click(buttonIn(rowOf('部门'), '锁定'));
    await waitFor(() => expect(server.callsTo('/rest/dict/lock')).toHaveLength(1));
    expect(server.callsTo('/rest/dict/lock')[0]!.body).toEqual({ dictId: '12', lockVersion: 3, lockFlag: true });
  });

  it('edits a value with its lock version', async () => {
    const server = serve({ '/rest/dictItem/edit': (call) => ok({ ...items[1]!, ...(call.body as object) }) });
    openPage();
    await selectOrgType();
    fireEvent.click(buttonIn(rowOf('部门'), '修改'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('修改字典项')).toBeTruthy();
    expect((within(dialog).getByLabelText('字典项名称') as HTMLInputElement).value).toBe('部门');
    fireEvent.change(within(dialog).getByLabelText('字典项名称'), { target: { value: '内设部门' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(server.callsTo('/rest/dictItem/edit')).toHaveLength(1));
    expect(server.callsTo('/rest/dictItem/edit')[0]!.body).toEqual({ dictId: '12', lockVersion: 3, dictCode: 'DEPT', dictName: '内设部门', dictSort: 12, remark: null });
  });

  it('deletes the selected values in one call', async () => {
    items.push(entry('14', 'OFFICE', '处室', { parentId: '1' }));
    const server = serve({ '/rest/dictItem/deleteBatch': (call) => ok({ deleted: (call.body as { ids: string[] }).ids.length }) });
    openPage();
    await selectOrgType();
    expect(buttonNamed('批量删除')!.disabled).toBe(true);
    fireEvent.click(within(rowOf('部门')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('处室')).getByRole('checkbox'));
    fireEvent.click(buttonNamed('批量删除（2）')!);
    fireEvent.click(await screen.findByText('确定'));
    await waitFor(() => expect(server.callsTo('/rest/dictItem/deleteBatch')).toHaveLength(1));
    expect(server.callsTo('/rest/dictItem/deleteBatch')[0]!.body).toEqual({ ids: ['12', '14'] });
    expect(await screen.findByText('已删除 2 个字典项')).toBeTruthy();
  });

  it('adds a category with the required-field messages; the app list comes from queryApp', async () => {
    const server = serve({ '/rest/dict/add': (call) => ok(category('3', (call.body as { dictCode: string }).dictCode, '学科')) });
    openPage();
    await screen.findByText('机构类型');
    fireEvent.click(buttonNamed('新增分类')!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(fieldErrors()).toEqual(['填写内容不能为空', '填写内容不能为空']));
    fireEvent.change(within(dialog).getByLabelText('分类编码'), { target: { value: 'SUBJECT' } });
    fireEvent.change(within(dialog).getByLabelText('分类名称'), { target: { value: '学科' } });
    fireEvent.click(buttonIn(dialog, '保存'));
    await waitFor(() => expect(server.callsTo('/rest/dict/add')).toHaveLength(1));
    expect(server.callsTo('/rest/dict/add')[0]!.body).toEqual({ parentId: null, dictCode: 'SUBJECT', dictName: '学科', appCode: null, remark: null });
    // The saved category changes the app list's counts: it is read again.
    await waitFor(() => expect(server.callsTo('/rest/dict/queryApp')).toHaveLength(2));
  });

  it('searches the category tree', async () => {
    const server = serve();
    openPage();
    await screen.findByText('机构类型');
    fireEvent.change(screen.getByLabelText('分类'), { target: { value: '角色' } });
    fireEvent.keyDown(screen.getByLabelText('分类'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('机构类型')).toBeNull());
    // The tree may filter what it holds before the server is asked; the search does reach the server.
    await waitFor(() => expect(server.callsTo('/rest/dict/dictTree').map((c) => c.body)).toContainEqual({ keyword: '角色' }));
  });

  it('刷新缓存 asks first, then drops every cached copy', async () => {
    localStorage.setItem('dandelion__dict:ORG_TYPE', JSON.stringify({ savedAt: Date.now(), items: [] }));
    const server = serve({ '/rest/dict/refresh': () => ok({ categories: 11, items: 29 }, '缓存已刷新') });
    openPage();
    await screen.findByText('机构类型');
    fireEvent.click(buttonNamed('刷新缓存')!);
    fireEvent.click(await screen.findByText('确定'));
    await waitFor(() => expect(server.callsTo('/rest/dict/refresh')).toHaveLength(1));
    expect(await screen.findByText('所有服务实例已重新读取字典：11 个分类、29 个字典项。')).toBeTruthy();
    expect(localStorage.getItem('dandelion__dict:ORG_TYPE')).toBeNull();
  });
});

describe('value sorting rule', () => {
  it('lets unlocked values move around locked ones, never two locked ones past each other', () => {
    const a = entry('1', 'A', 'A', { lockFlag: true });
    const b = entry('2', 'B', 'B', { lockFlag: true });
    const x = entry('3', 'X', 'X');
    expect(keepsLockedOrder([a, b, x], [x, a, b])).toBe(true);
    expect(keepsLockedOrder([a, x, b], [x, a, b])).toBe(true);
    expect(keepsLockedOrder([a, b, x], [b, a, x])).toBe(false);
  });
});

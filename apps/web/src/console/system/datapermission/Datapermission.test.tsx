import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import DatapermissionFormPage from './DatapermissionFormPage';
import DatapermissionListPage from './DatapermissionListPage';
import type { Rule, RuleDetail } from './api';

const rule = (id: string, extra: Partial<Rule> = {}): Rule => ({
  id, ruleCode: `R${id}`, ruleName: `规则${id}`, scopeType: 'ORG', status: 'NORMAL', sort: 0, remark: null,
  createTime: '2026-03-01T00:00:00.000Z', createBy: 'admin', updateTime: '2026-03-01T00:00:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 2, ...extra,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function openList(routes: Parameters<typeof fakeServer>[0] = {}) {
  let rows = [rule('1'), rule('2', { scopeType: 'CUSTOM' })];
  const server = fakeServer({
    '/rest/datapermission/page': () => ok({ list: rows, total: rows.length, pageNum: 1, pageSize: 10 }),
    '/rest/datapermission/delete': (call) => {
      rows = rows.filter((r) => r.id !== (call.body as { id: string }).id);
      return ok(null, '删除成功');
    },
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  renderAtRoute(<DatapermissionListPage />, '/system/datapermission/:page', '/system/datapermission/datapermissionList');
  return server;
}

describe('/system/datapermission/datapermissionList', () => {
  it('lists rules with scope labels and hides actions without the codes', async () => {
    useConsoleStore.setState({ authList: ['system:datapermission:list'] });
    openList();
    expect(await screen.findByText('规则1')).toBeTruthy();
    expect(screen.getByText('自定义')).toBeTruthy();
    for (const label of ['新增', '修改', '详情', '删除', '停用', '更多']) expect(buttonNamed(label), label).toBeNull();
  });

  it('deletes a rule only after confirming', async () => {
    useConsoleStore.setState({ authList: ['system:datapermission:list', 'system:datapermission:del'] });
    const server = openList();
    await screen.findByText('规则2');
    const row = screen.getByText('规则2').closest('tr')!;
    fireEvent.click(Array.from(row.querySelectorAll('button')).find((b) => b.textContent === '删除')!);
    expect(await screen.findByText('确定删除规则「规则2」吗？')).toBeTruthy();
    expect(server.callsTo('/rest/datapermission/delete')).toHaveLength(0);
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/datapermission/delete')).toHaveLength(1));
    expect(server.callsTo('/rest/datapermission/delete')[0]!.body).toEqual({ id: '2', lockVersion: 2 });
    await waitFor(() => expect(screen.queryByText('规则2')).toBeNull());
  });
});

describe('/system/datapermission form', () => {
  it('requires code, name and scope', async () => {
    const server = fakeServer({});
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<DatapermissionFormPage />, '/system/datapermission/:page', '/system/datapermission/datapermissionAdd');
    fireEvent.click((await screen.findAllByText('保存'))[0]!.closest('button')!);
    expect(await screen.findByText('请输入规则编码')).toBeTruthy();
    expect(screen.getByText('请输入规则名称')).toBeTruthy();
    expect(screen.getByText('请选择数据范围')).toBeTruthy();
    expect(server.calls.filter((c) => c.path === '/rest/datapermission/add')).toHaveLength(0);
  });

  it('shows the custom organisations of a CUSTOM rule and saves them with the lockVersion', async () => {
    const detail: RuleDetail = { ...rule('2', { scopeType: 'CUSTOM' }), orgIds: ['9'], orgs: [{ orgId: '9', orgName: '财务处' }] };
    const server = fakeServer({ '/rest/datapermission/detail': ok(detail), '/rest/datapermission/update': ok(detail), '/rest/organ/tree': ok([]) });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<DatapermissionFormPage />, '/system/datapermission/:page', '/system/datapermission/datapermissionUpd?id=2');
    expect(await screen.findByText('自定义机构')).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('规则名称') as HTMLInputElement).value).toBe('规则2'));
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/datapermission/update')).toHaveLength(1));
    expect(server.callsTo('/rest/datapermission/update')[0]!.body).toMatchObject({ id: '2', lockVersion: 2, scopeType: 'CUSTOM', orgIds: ['9'] });
  });
});

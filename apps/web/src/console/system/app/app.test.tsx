import '../../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../components/widgetTestKit';
import { useConsoleStore } from '../../consoleStore';
import AppFormPage from './AppFormPage';
import AppListPage from './AppListPage';

afterEach(() => vi.unstubAllGlobals());

describe('AppListPage', () => {
  it('shows 新增 only with system:app:add', async () => {
    const server = fakeServer({ '/rest/app/page': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }) });
    vi.stubGlobal('fetch', server.fetch);
    useConsoleStore.setState({ authList: ['system:app:list'] });
    const view = renderAtRoute(<AppListPage />, '/system/app/appList', '/system/app/appList');
    await waitFor(() => expect(server.callsTo('/rest/app/page')).toHaveLength(1));
    expect(buttonNamed('新增')).toBeNull();
    view.unmount();
    useConsoleStore.setState({ authList: ['system:app:list', 'system:app:add'] });
    renderAtRoute(<AppListPage />, '/system/app/appList', '/system/app/appList');
    await waitFor(() => expect(buttonNamed('新增')).not.toBeNull());
  });
});

describe('AppFormPage', () => {
  it('refuses a visit URL that is neither http(s) nor a site path', async () => {
    const server = fakeServer({ '/rest/app/add': () => ok(null) });
    vi.stubGlobal('fetch', server.fetch);
    renderAtRoute(<AppFormPage />, '/system/app/appAdd', '/system/app/appAdd');
    expect(await screen.findByText('新增应用')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('应用编码'), { target: { value: 'declare' } });
    fireEvent.change(screen.getByLabelText('应用名称'), { target: { value: '申报系统' } });
    fireEvent.change(screen.getByLabelText('访问地址'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(buttonNamed('保存')!);
    expect(await screen.findByText('访问地址必须是 http/https 网址或以 / 开头的路径')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('访问地址'), { target: { value: '/declare/home' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/app/add')).toHaveLength(1));
    expect(server.callsTo('/rest/app/add')[0]!.body).toMatchObject({ appCode: 'declare', visitUrl: '/declare/home', path: '/', status: 'NORMAL' });
  });
});

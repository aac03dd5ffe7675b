import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import ResourceFormPage from './ResourceFormPage';
import ResourceListPage from './ResourceListPage';
import type { Resource } from './api';

const base = { siteId: '1', tags: '会议,照片', description: null, createTime: '2026-03-01T02:00:00.000Z', createBy: 'admin', updateTime: '2026-03-01T02:00:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0, lockVersion: 2 };
const IMAGE: Resource = {
  ...base,
  resourceId: '5',
  resourceName: '会场照片',
  resourceType: 'IMAGE',
  fileId: '9',
  url: null,
  file: { fileId: '9', fileRepId: '9', filename: '会场.png', size: 10, type: 'png', url: '/stream/fms/downloads/1?fileId=9&filename=a.png' },
};
const LINK: Resource = { ...base, resourceId: '6', resourceName: '科技部网站', resourceType: 'LINK', fileId: null, url: 'https://www.most.gov.cn', file: null, tags: null };
const TREE = [{ catalogId: '2', parentCatalogId: null, siteId: '1', catalogName: '通知公告', catalogStatus: 'ENABLE', children: [] }];
const ALL_CODES = [...['list', 'add', 'upd', 'detail', 'del', 'addAtricle'].map((a) => `cms:resource:${a}`), 'cms:content:upd'];

function serve(extra: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  const server = fakeServer({
    '/rest/resource/getResourcePage': (call) => ok({ list: [IMAGE, LINK], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/content/getCatalogTree': ok(TREE),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

beforeEach(() => useConsoleStore.setState({ authList: ['cms:resource:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('ResourceListPage', () => {
  it('shows type tags, files and links; without the codes, no action but the list', async () => {
    serve();
    renderAtRoute(<ResourceListPage />, '/cms/resource/resourceList', '/cms/resource/resourceList');
    expect(await screen.findByText('会场照片')).toBeTruthy();
    expect(within(rowOf('会场照片')).getByText('图片')).toBeTruthy();
    expect(within(rowOf('会场照片')).getByText('会场.png')).toBeTruthy();
    expect(within(rowOf('科技部网站')).getByText('https://www.most.gov.cn').getAttribute('href')).toBe('https://www.most.gov.cn');
    for (const label of ['新增', '批量删除', '修改', '发布文章']) expect(buttonNamed(label), label).toBeNull();
  });

  it('发布文章 asks for a catalogue, shows a refusal, then makes the draft and opens it', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    let refuseNext = true;
    const server = serve({ '/rest/resource/addArticle': () => (refuseNext ? refuse(400, '所选栏目不存在或已被删除') : ok({ contentId: '31' })) });
    const { router } = renderAtRoute(<ResourceListPage />, '/cms/resource/resourceList', '/cms/resource/resourceList');
    await screen.findByText('会场照片');
    fireEvent.click(within(rowOf('会场照片')).getByText('发布文章'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByText('生成草稿', { selector: 'button span' }));
    expect(await within(dialog).findByText('请选择栏目')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('通知公告'));
    fireEvent.click(within(dialog).getByText('生成草稿', { selector: 'button span' }));
    expect(await within(dialog).findByText('所选栏目不存在或已被删除')).toBeTruthy();
    refuseNext = false;
    fireEvent.click(within(dialog).getByText('生成草稿', { selector: 'button span' }));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/cms/content/contentUpd?id=31'));
    expect(server.callsTo('/rest/resource/addArticle').at(-1)!.body).toEqual({ resourceId: '5', catalogId: '2', title: '会场照片' });
  });
});

describe('ResourceFormPage', () => {
  it('a link needs an http(s) address and sends no file', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/resource/add': (call) => ok({ ...LINK, ...(call.body as object) }) });
    renderAtRoute(<ResourceFormPage />, '/cms/resource/resourceAdd', '/cms/resource/resourceAdd');
    await screen.findByText('新增资源');
    fireEvent.change(document.querySelector<HTMLInputElement>('input#resource_resourceName')!, { target: { value: '科技部网站' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toContain('请上传资源文件'));
    fireEvent.click(screen.getByLabelText('链接'));
    const url = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('input#resource_url');
      expect(input).toBeTruthy();
      return input!;
    });
    fireEvent.change(url, { target: { value: 'ftp://example.com' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toContain('链接地址必须以 http:// 或 https:// 开头'));
    fireEvent.change(url, { target: { value: 'https://www.most.gov.cn' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/resource/add')).toHaveLength(1));
    expect(server.callsTo('/rest/resource/add')[0]!.body).toEqual({ resourceName: '科技部网站', resourceType: 'LINK', fileId: null, url: 'https://www.most.gov.cn', tags: null, description: null });
  });

  it('the detail page shows the stored file and offers 发布文章', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    serve({ '/rest/resource/detail': ok(IMAGE) });
    renderAtRoute(<ResourceFormPage />, '/cms/resource/resourceDetail', '/cms/resource/resourceDetail?id=5');
    expect(await screen.findByText('会场.png')).toBeTruthy();
    const button = await waitFor(() => buttonNamed('发布文章')!);
    expect(button.disabled).toBe(false);
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('文章标题') as HTMLInputElement).disabled).toBe(false);
  });
});

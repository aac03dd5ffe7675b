import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderWidget } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import type { Banner, Catalog, Site } from './api';
import { BannerTab } from './BannerTab';
import { CatalogTab } from './CatalogTab';
import SettingMainPage from './SettingMainPage';
import { SiteTab } from './SiteTab';
import { TemplateTab } from './TemplateTab';

const audited = { createTime: '2026-03-01T02:00:00.000Z', createBy: 'admin', updateTime: '2026-03-01T02:00:00.000Z', updateBy: 'admin', createById: null, updateById: null, delFlag: 0 };
const SITE: Site = {
  ...audited, siteId: '1', siteCode: 'dandelion', siteName: '蒲公英', displayName: '蒲公英门户', siteStatus: '2', isDefault: true, themeId: 4, portalId: null,
  logoFileId: null, logoUrl: null, domain: null, description: null, copyright: null, icp: null, contactPhone: null, contactAddress: null,
  organizer: null, contactEmail: null, policeRecord: null, siteIdentCode: null, userAgreement: null, privacyPolicy: null, sort: 0, lockVersion: 3,
};
const OTHER: Site = { ...SITE, siteId: '2', siteCode: 'science', siteName: '科技站', isDefault: false, siteStatus: '1', lockVersion: 0 };
const catalog = (id: string, name: string, code: string, parent: string | null, children: Catalog[] = []): Catalog => ({
  ...audited, catalogId: id, siteId: '1', parentCatalogId: parent, catalogName: name, code, catalogPath: `/${code}`, level: parent ? 2 : 1, sort: 10,
  catalogStatus: 'ENABLE', catalogType: 'TITLE_COLUMN', linkType: 'FRONT_LINK', openType: 'INTERNAL_OPEN', catalogContentType: 'ATTILE',
  linkUrl: null, templateId: null, description: null, showInNav: true, children, lockVersion: 1,
});
const TREE = [catalog('10', '通知公告', 'notification', null), catalog('11', '政策法规', 'policy', null, [catalog('13', '国家政策', 'national', '11')]), catalog('12', '新闻动态', 'news', null)];
const BANNER: Banner = {
  ...audited, bannerId: '7', siteId: '1', code: 'HOME', title: '春季申报', imageFileId: '55', imageUrl: '/stream/fms/downloads/1?fileId=55&filename=a.png',
  linkUrl: '/declare', openType: 'INTERNAL_OPEN', sort: 10, status: 'ENABLE', startTime: null, endTime: null, lockVersion: 2,
};
const ALL = ['list', 'add', 'upd', 'del', 'sort'].map((a) => `cms:setting:${a}`);

function serve(extra: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  const server = fakeServer({
    '/rest/cms_site/getSitePage': (call) => ok({ list: [SITE, OTHER], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/cms_site/listAll': ok([SITE, OTHER]),
    '/rest/cmsTemplate/listAll': ok([]),
    '/rest/cmsTemplate/getTemplatePage': ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }),
    '/rest/cmsCatalog/getAdminTree': ok(TREE),
    '/rest/cmsBanner/getBannerPage': ok({ list: [BANNER], total: 1, pageNum: 1, pageSize: 10 }),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const dialog = () => screen.getByRole('dialog');
const errors = () => Array.from(document.querySelectorAll('.ant-modal .ant-form-item-explain-error')).map((e) => e.textContent);

beforeEach(() => useConsoleStore.setState({ authList: ALL }));
afterEach(() => vi.unstubAllGlobals());

describe('settingMain', () => {
  it('opens on the site list with the four tabs', async () => {
    serve();
    renderWidget(<SettingMainPage />);
    for (const tab of ['站点', '栏目', '轮播图', '模板']) expect(screen.getByRole('tab', { name: tab })).toBeTruthy();
    expect(await screen.findByText('科技站')).toBeTruthy();
    expect(screen.getByText('默认')).toBeTruthy();
  });
});

describe('site tab', () => {
  it('shows only what the caller may do', async () => {
    useConsoleStore.setState({ authList: ['cms:setting:list'] });
    serve();
    renderWidget(<SiteTab />);
    await screen.findByText('科技站');
    for (const label of ['新增', '修改', '上线', '下线', '删除']) expect(buttonNamed(label), label).toBeNull();
    expect(buttonNamed('详情')).toBeTruthy();
  });

  // The site form has the footer and agreement fields too: under a loaded machine it takes longer than the default.
  it('validates the form before sending, then adds the site', { timeout: 60_000 }, async () => {
    const server = serve({ '/rest/cms_site/add': (call) => ok({ ...OTHER, ...(call.body as object) }) });
    renderWidget(<SiteTab />);
    await screen.findByText('科技站');
    fireEvent.click(buttonNamed('新增')!);
    await screen.findByText('新增站点');
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['请输入站点编码', '请输入站点名称', '请输入显示名称']));
    fireEvent.change(within(dialog()).getByLabelText('站点编码'), { target: { value: '9站' } });
    await waitFor(() => expect(errors()).toContain('编码须以字母开头，只能包含字母、数字、下划线和横杠'));
    fireEvent.change(within(dialog()).getByLabelText('站点编码'), { target: { value: 'science' } });
    fireEvent.change(within(dialog()).getByLabelText('站点名称'), { target: { value: '科技站' } });
    fireEvent.change(within(dialog()).getByLabelText('显示名称'), { target: { value: '科技服务门户' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/cms_site/add')).toHaveLength(1));
    expect(server.callsTo('/rest/cms_site/add')[0]!.body).toMatchObject({ siteCode: 'science', siteName: '科技站', displayName: '科技服务门户', siteStatus: '1', sort: 0 });
  });

  it('shows the server refusal of a delete', async () => {
    const server = serve({ '/rest/cms_site/delete': refuse(409, '站点「科技站」下还有 2 个栏目，请先删除栏目再删除站点') });
    renderWidget(<SiteTab />);
    await screen.findByText('科技站');
    const row = screen.getByText('科技站').closest('tr')!;
    fireEvent.click(within(row).getByText('更多').closest('button')!);
    fireEvent.click(await screen.findByText('删除'));
    expect((await screen.findAllByText('确定删除站点「科技站」吗？')).length).toBeGreaterThan(0);
    fireEvent.click(buttonNamed('确定')!);
    await waitFor(() => expect(server.callsTo('/rest/cms_site/delete')).toHaveLength(1));
    expect(server.callsTo('/rest/cms_site/delete')[0]!.body).toEqual({ siteId: '2', lockVersion: 0 });
    expect(await screen.findByText('站点「科技站」下还有 2 个栏目，请先删除栏目再删除站点')).toBeTruthy();
  });
});

describe('catalogue tab', () => {
  it('loads the default site tree, and 下移 sends the siblings in their new order', async () => {
    const server = serve({ '/rest/cmsCatalog/sort': ok(null) });
    renderWidget(<CatalogTab />);
    fireEvent.click(await screen.findByText('通知公告'));
    expect(server.callsTo('/rest/cmsCatalog/getAdminTree')[0]!.body).toEqual({ siteId: '1' });
    expect(await screen.findByText('栏目 · 通知公告')).toBeTruthy();
    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('下移'));
    await waitFor(() => expect(server.callsTo('/rest/cmsCatalog/sort')).toHaveLength(1));
    expect(server.callsTo('/rest/cmsCatalog/sort')[0]!.body).toEqual({ siteId: '1', parentCatalogId: null, catalogIds: ['11', '10', '12'] });
  });

  it('移动到 offers every catalogue but the moved one and its subtree, and sends the new parent', async () => {
    const server = serve({ '/rest/cmsCatalog/move': ok(catalog('11', '政策法规', 'policy', '12')) });
    renderWidget(<CatalogTab />);
    fireEvent.click(await screen.findByText('政策法规'));
    fireEvent.click(buttonNamed('更多')!);
    fireEvent.click(await screen.findByText('移动到'));
    await screen.findByText('移动栏目「政策法规」');
    fireEvent.mouseDown(within(dialog()).getByLabelText('新的上级栏目'));
    const option = (title: string) => document.querySelector(`.ant-select-tree-treenode [title="${title}"]`)!.closest('.ant-select-tree-treenode')!;
    await waitFor(() => expect(option('新闻动态')).toBeTruthy());
    expect(option('政策法规').className).toContain('disabled');
    expect(option('国家政策').className).toContain('disabled');
    expect(option('新闻动态').className).not.toContain('disabled');
    fireEvent.click(document.querySelector('.ant-select-tree-treenode [title="新闻动态"]')!);
    fireEvent.click(buttonNamed('移动')!);
    await waitFor(() => expect(server.callsTo('/rest/cmsCatalog/move')).toHaveLength(1));
    expect(server.callsTo('/rest/cmsCatalog/move')[0]!.body).toEqual({ catalogId: '11', parentCatalogId: '12', lockVersion: 1 });
  });

  it('a search asks the server and turns dragging off', async () => {
    const server = serve();
    renderWidget(<CatalogTab />);
    await screen.findByText('通知公告');
    expect(document.querySelector('.ant-tree-treenode[draggable="true"]')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('搜索栏目'), { target: { value: '国家' } });
    fireEvent.keyDown(screen.getByLabelText('搜索栏目'), { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.callsTo('/rest/cmsCatalog/getAdminTree').map((c) => c.body)).toContainEqual({ siteId: '1', catalogName: '国家' }));
    await waitFor(() => expect(document.querySelector('.ant-tree-treenode[draggable="true"]')).toBeNull());
  });

  it('an external-link child needs an http(s) address before it is sent', async () => {
    const server = serve({ '/rest/cmsCatalog/add': () => ok(catalog('20', '外链', 'ext', '11')) });
    renderWidget(<CatalogTab />);
    fireEvent.click(await screen.findByText('政策法规'));
    fireEvent.click(buttonNamed('新增子栏目')!);
    await screen.findByText('新增栏目');
    expect((within(dialog()).getByDisplayValue('政策法规') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(within(dialog()).getByLabelText('栏目名称'), { target: { value: '国务院' } });
    fireEvent.change(within(dialog()).getByLabelText('栏目编码'), { target: { value: 'gov' } });
    fireEvent.mouseDown(within(dialog()).getByLabelText('链接类型'));
    fireEvent.click(await screen.findByTitle('外部链接'));
    fireEvent.change(await within(dialog()).findByLabelText('链接地址'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['请输入正确的网址!']));
    fireEvent.change(within(dialog()).getByLabelText('链接地址'), { target: { value: 'https://www.gov.cn' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/cmsCatalog/add')).toHaveLength(1));
    expect(server.callsTo('/rest/cmsCatalog/add')[0]!.body).toMatchObject({
      siteId: '1', parentCatalogId: '11', catalogName: '国务院', code: 'gov', linkType: 'EXTERNAL_LINK', linkUrl: 'https://www.gov.cn', catalogStatus: 'ENABLE', catalogContentType: 'ATTILE',
    });
  });
});

describe('banner tab', () => {
  it('shows thumbnails and switches a banner off with its lock version', async () => {
    const server = serve({ '/rest/cmsBanner/updateStatus': (call) => ok({ ...BANNER, ...(call.body as object) }) });
    renderWidget(<BannerTab />);
    const img = (await screen.findByAltText('春季申报')) as HTMLImageElement;
    expect(img.getAttribute('src')).toContain('fileId=55');
    fireEvent.click(buttonNamed('停用')!);
    await waitFor(() => expect(server.callsTo('/rest/cmsBanner/updateStatus')).toHaveLength(1));
    expect(server.callsTo('/rest/cmsBanner/updateStatus')[0]!.body).toEqual({ bannerId: '7', lockVersion: 2, status: 'DISABLE' });
  });

  it('requires a picture and a title before saving', async () => {
    const server = serve({ '/rest/cmsBanner/add': ok(BANNER) });
    renderWidget(<BannerTab />);
    await screen.findByAltText('春季申报');
    fireEvent.click(buttonNamed('新增')!);
    await screen.findByText('新增轮播图');
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['请输入标题', '请上传轮播图片']));
    expect(server.callsTo('/rest/cmsBanner/add')).toHaveLength(0);
  });
});

describe('template tab', () => {
  it('offers only the registered portal components and sends the chosen one', async () => {
    const server = serve({ '/rest/cmsTemplate/add': (call) => ok({ templateId: '9', ...(call.body as object) }) });
    renderWidget(<TemplateTab />);
    await waitFor(() => expect(server.callsTo('/rest/cmsTemplate/getTemplatePage')).toHaveLength(1));
    fireEvent.click(buttonNamed('新增')!);
    // The empty list offers 新增模板 as well: wait for the dialog's title, not the button.
    await screen.findByText('新增模板', { selector: '.ant-modal-title' });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(['请输入模板编码', '请输入模板名称']));
    fireEvent.change(within(dialog()).getByLabelText('模板编码'), { target: { value: 'news_table' } });
    fireEvent.change(within(dialog()).getByLabelText('模板名称'), { target: { value: '新闻表格' } });
    fireEvent.mouseDown(within(dialog()).getByLabelText('门户组件'));
    await screen.findByTitle('HomeIndex（门户首页）');
    const options = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title'));
    expect(options).toEqual(['HomeIndex（门户首页）', 'ContentList（内容列表（条目））', 'ContentGrid（内容宫格）', 'ContentTable（内容表格）', 'ContentDetail（内容详情）']);
    fireEvent.click(await screen.findByTitle('ContentTable（内容表格）'));
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/cmsTemplate/add')).toHaveLength(1));
    expect(server.callsTo('/rest/cmsTemplate/add')[0]!.body).toMatchObject({
      templateCode: 'news_table', templateName: '新闻表格', templateType: 'LIST', templateStyle: 'LIST', componentName: 'ContentTable', sort: 0,
    });
  });
});

import '../../../test/setup';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { leave, mountedEditor, preloadEditor, PRELOAD_TIMEOUT_MS, type } from '../../../components/RichTextEditor/editorTestKit';
import { useConsoleStore } from '../../../api/consoleStore';
import ContentFormPage from './ContentFormPage';
import ContentListPage from './ContentListPage';
import type { CatalogNode, ContentDetail, ContentListItem } from './api';

const base = {
  siteId: '1',
  author: '张三',
  sort: 0,
  viewCount: 3,
  createTime: '2026-03-01T02:00:00.000Z',
  createBy: 'admin',
  updateTime: '2026-03-01T02:00:00.000Z',
  updateBy: 'admin', createById: null, updateById: null, delFlag: 0,
};
const DRAFT: ContentListItem = { ...base, contentId: '11', catalogId: '2', catalogName: '通知公告', title: '草稿文章', status: 'DRAFT', isTop: false, publishTime: null, lockVersion: 1 };
const LIVE: ContentListItem = {
  ...base,
  contentId: '12',
  catalogId: '3',
  catalogName: '政策文件',
  title: '已发布文章',
  status: 'PUBLISHED',
  isTop: true,
  publishTime: '2026-03-02T01:00:00.000Z',
  lockVersion: 4,
};
const TREE: CatalogNode[] = [
  { catalogId: '2', parentCatalogId: null, siteId: '1', catalogName: '通知公告', catalogStatus: 'ENABLE', children: [] },
  {
    catalogId: '3',
    parentCatalogId: null,
    siteId: '1',
    catalogName: '政策文件',
    catalogStatus: 'ENABLE',
    children: [{ catalogId: '4', parentCatalogId: '3', siteId: '1', catalogName: '地方政策', catalogStatus: 'DISABLE', children: [] }],
  },
];
const ALL_CODES = ['list', 'add', 'upd', 'detail', 'del', 'publish', 'offline', 'top'].map((a) => `cms:content:${a}`);

function serve(extra: Record<string, FakeReply | ((call: FakeCall) => FakeReply)> = {}) {
  const server = fakeServer({
    '/rest/content/getContentPage': (call) => ok({ list: [DRAFT, LIVE], total: 2, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/content/getCatalogTree': ok(TREE),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const buttonsIn = (row: HTMLElement) => Array.from(row.querySelectorAll('button')).map((b) => b.textContent?.replace(/\s/g, ''));
const titleInput = () => document.querySelector<HTMLInputElement>('input#content_title')!;
const errors = () => Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);

beforeAll(() => preloadEditor(), PRELOAD_TIMEOUT_MS);
beforeEach(() => useConsoleStore.setState({ authList: ['cms:content:list'] }));
afterEach(() => vi.unstubAllGlobals());

describe('ContentListPage', () => {
  it('shows status tags and the pinned marker; without the codes, no action but the list', async () => {
    serve();
    renderAtRoute(<ContentListPage />, '/cms/content/contentList', '/cms/content/contentList');
    expect(await screen.findByText('草稿文章')).toBeTruthy();
    expect(within(rowOf('草稿文章')).getByText('草稿')).toBeTruthy();
    expect(within(rowOf('已发布文章')).getByText('已发布')).toBeTruthy();
    expect(within(rowOf('已发布文章')).getByLabelText('已置顶')).toBeTruthy();
    expect(within(rowOf('草稿文章')).queryByLabelText('已置顶')).toBeNull();
    for (const label of ['新增', '批量删除', '修改', '发布', '下线']) expect(buttonNamed(label), label).toBeNull();
  });

  it('offers 发布 to a draft and 下线 to a published article; picking a catalogue filters the list by it', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve();
    renderAtRoute(<ContentListPage />, '/cms/content/contentList', '/cms/content/contentList');
    await screen.findByText('草稿文章');
    expect(buttonsIn(rowOf('草稿文章'))).toEqual(expect.arrayContaining(['修改', '详情', '发布']));
    expect(buttonsIn(rowOf('草稿文章'))).not.toContain('下线');
    expect(buttonsIn(rowOf('已发布文章'))).toEqual(expect.arrayContaining(['下线']));
    expect(buttonsIn(rowOf('已发布文章'))).not.toContain('发布');
    // The disabled catalogue is marked.
    expect(await screen.findByText('地方政策')).toBeTruthy();
    fireEvent.click(screen.getByText('政策文件', { selector: '.ant-tree-title' }));
    await waitFor(() => expect(server.callsTo('/rest/content/getContentPage').at(-1)!.body).toEqual({ catalogId: '3', pageParameter: { pageNum: 1, pageSize: 10 } }));
  });

  it('下线 asks first, then calls offline with the lock version', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/content/offline': ok({ ...LIVE, status: 'OFFLINE' }) });
    renderAtRoute(<ContentListPage />, '/cms/content/contentList', '/cms/content/contentList');
    await screen.findByText('已发布文章');
    fireEvent.click(within(rowOf('已发布文章')).getByText('下线'));
    expect(await screen.findByText('确定下线文章「已发布文章」吗？')).toBeTruthy();
    expect(server.callsTo('/rest/content/offline')).toHaveLength(0);
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(server.callsTo('/rest/content/offline')).toHaveLength(1));
    expect(server.callsTo('/rest/content/offline')[0]!.body).toEqual({ contentId: '12', lockVersion: 4 });
    expect(await screen.findByText('下线成功')).toBeTruthy();
  });

  it('发布 opens a dialog: publishing now sends no time, and a refusal stays in the dialog', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    let refuseNext = true;
    const server = serve({
      '/rest/content/publish': () => (refuseNext ? refuse(409, '文章「草稿文章」已发布，无需重复发布') : ok({ ...DRAFT, status: 'PUBLISHED' })),
    });
    renderAtRoute(<ContentListPage />, '/cms/content/contentList', '/cms/content/contentList');
    await screen.findByText('草稿文章');
    fireEvent.click(within(rowOf('草稿文章')).getByText('发布'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('发布文章「草稿文章」')).toBeTruthy();
    fireEvent.click(within(dialog).getByText('发布', { selector: 'button span' }));
    expect(await within(dialog).findByText('文章「草稿文章」已发布，无需重复发布')).toBeTruthy();
    refuseNext = false;
    fireEvent.click(within(dialog).getByText('发布', { selector: 'button span' }));
    expect(await screen.findByText('发布成功')).toBeTruthy();
    expect(server.callsTo('/rest/content/publish').at(-1)!.body).toEqual({ contentId: '11', lockVersion: 1, publishTime: null });
  });

  it('定时发布 needs a time still to come', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve();
    renderAtRoute(<ContentListPage />, '/cms/content/contentList', '/cms/content/contentList');
    await screen.findByText('草稿文章');
    fireEvent.click(within(rowOf('草稿文章')).getByText('发布'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByLabelText('定时发布'));
    fireEvent.click(within(dialog).getByText('发布', { selector: 'button span' }));
    expect(await within(dialog).findByText('定时发布的时间必须晚于当前时间')).toBeTruthy();
    expect(server.callsTo('/rest/content/publish')).toHaveLength(0);
  });
});

describe('ContentFormPage', () => {
  it('requires a title and a catalogue before anything is sent', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve();
    renderAtRoute(<ContentFormPage />, '/cms/content/contentAdd', '/cms/content/contentAdd');
    await screen.findByText('新增文章');
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toEqual(expect.arrayContaining(['请选择栏目', '请输入文章标题'])));
    expect(server.callsTo('/rest/content/add')).toHaveLength(0);
  });

  it('saves a draft in the catalogue the list was filtered by, with the body; a bad link is refused first', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({ '/rest/content/add': (call) => ok({ ...DRAFT, ...(call.body as object), cover: null, attachments: [] }) });
    renderAtRoute(<ContentFormPage />, '/cms/content/contentAdd', '/cms/content/contentAdd?catalogId=2');
    await screen.findByText('新增文章');
    fireEvent.change(titleInput(), { target: { value: '关于申报的说明' } });
    fireEvent.change(document.querySelector<HTMLInputElement>('input#content_linkUrl')!, { target: { value: 'javascript:alert(1)' } });
    const editor = await mountedEditor();
    type(editor, '申报材料请按时提交');
    await leave(editor);
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(errors()).toContain('链接地址必须以 http:// 或 https:// 开头'));
    fireEvent.change(document.querySelector<HTMLInputElement>('input#content_linkUrl')!, { target: { value: '' } });
    fireEvent.click(buttonNamed('保存')!);
    await waitFor(() => expect(server.callsTo('/rest/content/add')).toHaveLength(1));
    expect(server.callsTo('/rest/content/add')[0]!.body).toEqual({
      catalogId: '2',
      title: '关于申报的说明',
      subject: null,
      summary: null,
      body: '<p>申报材料请按时提交</p>',
      coverFileId: null,
      attachmentIds: [],
      author: null,
      source: null,
      linkUrl: null,
      publishTime: null,
      isTop: false,
      sort: 0,
    });
    expect(server.callsTo('/rest/content/publish')).toHaveLength(0);
  });

  it('保存并发布 saves, then publishes the saved version after a confirmation', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const server = serve({
      '/rest/content/add': (call) => ok({ ...DRAFT, ...(call.body as object), contentId: '20', lockVersion: 0, cover: null, attachments: [] }),
      '/rest/content/publish': ok({ ...DRAFT, contentId: '20', status: 'PUBLISHED' }),
    });
    renderAtRoute(<ContentFormPage />, '/cms/content/contentAdd', '/cms/content/contentAdd?catalogId=2');
    await screen.findByText('新增文章');
    fireEvent.change(titleInput(), { target: { value: '立即发布的文章' } });
    fireEvent.click(buttonNamed('保存并发布')!);
    expect(await screen.findByText('确定保存并发布这篇文章吗？')).toBeTruthy();
    fireEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(server.callsTo('/rest/content/publish')).toHaveLength(1));
    expect(server.callsTo('/rest/content/publish')[0]!.body).toEqual({ contentId: '20', lockVersion: 0, publishTime: null });
    expect(await screen.findByText('已保存并发布')).toBeTruthy();
  });

  it('loads an article for editing with its cover and attachments; a published one has no 保存并发布', async () => {
    useConsoleStore.setState({ authList: ALL_CODES });
    const detail: ContentDetail = {
      ...LIVE,
      subject: null,
      summary: '摘要',
      body: '<p>正文</p>',
      source: '科技厅',
      linkUrl: null,
      coverFileId: '7',
      cover: { fileId: '7', fileRepId: '7', filename: '封面.png', size: 10, type: 'png', url: '/stream/fms/downloads/1?fileId=7&filename=a.png' },
      attachments: [{ fileId: '8', fileRepId: '8', filename: '附件.pdf', size: 10, type: 'pdf', url: '/stream/fms/downloads/1?fileId=8&filename=b.pdf' }],
    };
    serve({ '/rest/content/detail': ok(detail) });
    renderAtRoute(<ContentFormPage />, '/cms/content/contentUpd', '/cms/content/contentUpd?id=12');
    await waitFor(() => expect(titleInput().value).toBe('已发布文章'));
    expect(screen.getByText('这篇文章已发布，保存后门户立即显示修改后的内容。')).toBeTruthy();
    expect(await screen.findByText('封面.png')).toBeTruthy();
    expect(screen.getByText('附件.pdf')).toBeTruthy();
    expect(buttonNamed('保存并发布')).toBeNull();
  });
});

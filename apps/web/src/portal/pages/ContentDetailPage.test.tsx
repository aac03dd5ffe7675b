import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { article, fakePortal, portalOk, portalRefuse, SITE_NAME } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('./ContentDetailPage'), import('./NoticeDetailPage'), import('../layout/PortalLayout')]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const DETAIL = {
  ...article('200', '科学技术奖励办法', 'policy-local', { catalogName: '地方政策', author: '政策法规处' }),
  subject: '奖励办法全文',
  // The sanitiser itself is tested in jsdom (components/RichTextView): happy-dom breaks DOMPurify.
  body: '<p>为奖励<strong>突出贡献</strong>者。</p>',
  source: '省科学技术厅',
  viewCount: 42,
  attachments: [{ fileId: '9', filename: '奖励办法.pdf', size: 204800, url: '/rest/file/download/9/%E5%A5%96%E5%8A%B1%E5%8A%9E%E6%B3%95.pdf' }],
  prev: { contentId: '199', title: '提名制实施细则' },
  next: null,
};

describe('article detail page', () => {
  it('shows breadcrumb, title, meta, the rich-text body, attachments and previous / next', async () => {
    const server = fakePortal({ '/rest/content/getDetailContent': portalOk(DETAIL) });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/policyDetail/200');

    expect(await screen.findByRole('heading', { level: 1, name: '科学技术奖励办法' })).toBeTruthy();
    expect(server.callsTo('/rest/content/getDetailContent')[0]!.body).toEqual({ contentId: '200' });
    expect(screen.getByText('奖励办法全文')).toBeTruthy();
    for (const meta of ['来源：省科学技术厅', '作者：政策法规处', '发布时间：2026-03-02 10:00', '浏览：42']) expect(screen.getByText(meta)).toBeTruthy();
    expect(screen.getByText('突出贡献').tagName).toBe('STRONG');

    const download = screen.getByRole('link', { name: '奖励办法.pdf' });
    expect(download.getAttribute('href')).toBe(DETAIL.attachments[0]!.url);
    expect(download.getAttribute('download')).toBe('奖励办法.pdf');
    expect(screen.getByText('（200.0 KB）')).toBeTruthy();

    const neighbours = screen.getByRole('navigation', { name: '上一篇和下一篇' });
    expect(within(neighbours).getByRole('link', { name: '提名制实施细则' }).getAttribute('href')).toBe('/categoryDetail?id=199');
    expect(within(neighbours).getByText('没有了')).toBeTruthy();

    // Breadcrumb through the catalogue tree: 首页 › 政策文件 › 地方政策 › 正文.
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '政策文件' }).getAttribute('href')).toBe('/policy');
    expect(within(crumbs).getByRole('link', { name: '地方政策' }).getAttribute('href')).toBe('/category?code=policy-local');
    expect(within(crumbs).getByText('正文')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`科学技术奖励办法 - ${SITE_NAME}`));
  });

  it('reads the id of /categoryDetail from the query and shows a refusal in a toast and inline', async () => {
    const server = fakePortal({ '/rest/content/getDetailContent': portalRefuse(404, '文章不存在') });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/categoryDetail?id=77');

    expect(await screen.findByText('文章加载失败')).toBeTruthy();
    expect(server.callsTo('/rest/content/getDetailContent')[0]!.body).toEqual({ contentId: '77' });
    await waitFor(() => expect(screen.getAllByText('文章不存在')).toHaveLength(2));
    expect(document.querySelector('.dl-message__notice--error')).toBeTruthy();
  });

  it('shows a public notice at /notificationDetail/{id} with its attachments and no neighbours', async () => {
    const server = fakePortal({
      '/rest/noticeService/getPublicNoticeById': portalOk({
        noticeId: '7',
        title: '关于开展2026年度提名工作的通知',
        content: '<p>请各单位按时提名。</p>',
        priority: 'URGENT',
        publishTime: '2026-03-01T01:00:00.000Z',
        expireTime: null,
        releaseBy: '奖励办',
        attachments: [{ fileId: '3', filename: '提名表.docx', size: 1000, type: 'docx', url: '/rest/file/download/3/x.docx' }],
      }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/notificationDetail/7');

    expect(await screen.findByRole('heading', { level: 1, name: '关于开展2026年度提名工作的通知' })).toBeTruthy();
    expect(server.callsTo('/rest/noticeService/getPublicNoticeById')[0]!.body).toEqual({ noticeId: '7' });
    expect(screen.getByText('请各单位按时提名。')).toBeTruthy();
    expect(screen.getByText('作者：奖励办')).toBeTruthy();
    expect(screen.getByRole('link', { name: '提名表.docx' }).getAttribute('href')).toBe('/rest/file/download/3/x.docx');
    expect(screen.queryByRole('navigation', { name: '上一篇和下一篇' })).toBeNull();
    expect(within(screen.getByRole('navigation', { name: '当前位置' })).getByRole('link', { name: '通知公告' }).getAttribute('href')).toBe('/notification');
  });
});

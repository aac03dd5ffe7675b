import '../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { fakePortal, portalOk, portalRefuse } from '../testing/fixtures';

beforeAll(async () => {
  await Promise.all([import('./ShowListPage'), import('./ShowDetailPage'), import('./GuideListPage'), import('./GuideDetailPage'), import('./FundListPage'), import('../layout/PortalLayout')]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const SLOW = { timeout: 10_000 };
const noArticles = { '/rest/content/queryClientListByCatalog': portalOk([]) };
const achievement = {
  achievementId: '90',
  title: '高熵合金的设计与制备',
  editionId: '3',
  editionName: '2026年度科学技术奖',
  prizeId: '1',
  prizeName: '自然科学奖',
  awardGrade: 'FIRST',
  firstCompleter: '张三',
  unitOrgName: '甲大学',
};
let captchaCount = 0;
const captcha = () => {
  captchaCount += 1;
  return { body: { code: '0000', success: true, msg: '操作成功', data: { captchaKey: `key-${captchaCount}`, image: `data:image/svg+xml;base64,${captchaCount}`, expiresIn: 300 } } };
};

describe('成果展示', () => {
  it('lists awarded achievements with grade, edition and unit, each opening its page', async () => {
    const server = fakePortal({ ...noArticles, '/rest/achievement/getAchievementPage': portalOk({ list: [achievement], total: 1, pageNum: 1, pageSize: 10 }) });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/show');
    expect(await screen.findByText('高熵合金的设计与制备', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('一等奖')).toBeTruthy();
    expect(screen.getByText('完成单位：甲大学')).toBeTruthy();
    expect(screen.getByText('高熵合金的设计与制备').closest('a')!.getAttribute('href')).toBe('/showDetail/90');
    // The show catalogue's own articles stay reachable.
    expect(within(screen.getByRole('region', { name: '相关文章' })).getByRole('link', { name: '相关文章' }).getAttribute('href')).toBe('/category?code=show');
  });

  it('says when there are none, and shows a failure with 重试', async () => {
    let fail = true;
    const server = fakePortal({
      ...noArticles,
      '/rest/achievement/getAchievementPage': () => (fail ? portalRefuse(500, '服务繁忙') : portalOk({ list: [], total: 0, pageNum: 1, pageSize: 10 })),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/show');
    expect(await screen.findByText('成果展示加载失败', {}, SLOW)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('暂无获奖成果', {}, SLOW)).toBeTruthy();
  });

  it('shows an achievement with its summary as rich text, and sends a purchase intention', { timeout: 60_000 }, async () => {
    const server = fakePortal({
      ...noArticles,
      '/rest/captcha/png': captcha,
      '/rest/achievement/getAchievementDetail': portalOk({
        ...achievement,
        keywords: ['高熵合金'],
        completers: [{ name: '张三', unitName: '甲大学' }],
        units: ['甲大学'],
        // Rendered through RichTextView (its sanitiser is tested under jsdom: DOMPurify does not support happy-dom).
        summaryHtml: '<p>提出了<strong>设计方法</strong></p>',
        applicationHtml: null,
      }),
      '/rest/purchase/addPurchase': () => ({ body: { rtnCode: '0000', rtnMessage: '提交成功，完成单位将尽快与您联系', dataSet: { purchaseId: '1' } } }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/showDetail/90');
    expect(await screen.findByRole('heading', { level: 1, name: '高熵合金的设计与制备' }, SLOW)).toBeTruthy();
    expect(screen.getByText('张三（甲大学）')).toBeTruthy();
    expect(screen.getByText('设计方法').tagName).toBe('STRONG');

    const form = screen.getByRole('region', { name: '有意向合作' });
    await within(form).findByRole('img', { name: '验证码' }, SLOW);
    fireEvent.change(within(form).getByLabelText('单位名称'), { target: { value: '丙科技有限公司' } });
    fireEvent.change(within(form).getByLabelText('联系人'), { target: { value: '李四' } });
    fireEvent.change(within(form).getByLabelText('合作意向说明'), { target: { value: '希望获得专利许可' } });
    fireEvent.change(within(form).getByLabelText('验证码'), { target: { value: 'abcd' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交合作意向' }));
    // Neither a mobile number nor an e-mail: refused before anything is sent.
    expect(await within(form).findByText('请填写手机号码或电子邮箱', {}, SLOW)).toBeTruthy();
    expect(server.callsTo('/rest/purchase/addPurchase')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('手机号码'), { target: { value: '13912345678' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交合作意向' }));
    expect(await screen.findByText('提交成功，完成单位将尽快与您联系', {}, SLOW)).toBeTruthy();
    expect(server.callsTo('/rest/purchase/addPurchase')[0]!.body).toEqual({
      achievementId: '90',
      kind: 'LICENSE',
      organisation: '丙科技有限公司',
      contactName: '李四',
      phone: '13912345678',
      email: null,
      message: '希望获得专利许可',
      captchaKey: expect.stringMatching(/^key-/),
      captchaCode: 'abcd',
    });
  });

  it('checks the purchase form with the contract’s messages as it changes, and a refusal brings a new captcha', { timeout: 60_000 }, async () => {
    const server = fakePortal({
      ...noArticles,
      '/rest/captcha/png': captcha,
      '/rest/achievement/getAchievementDetail': portalOk({ ...achievement, keywords: [], completers: [], units: [], summaryHtml: '', applicationHtml: null }),
      '/rest/purchase/addPurchase': () => ({ status: 400, body: { code: '400', success: false, msg: '验证码错误', data: null } }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/showDetail/90');
    const form = await screen.findByRole('region', { name: '有意向合作' }, SLOW);
    const firstImage = (await within(form).findByRole('img', { name: '验证码' }, SLOW)).getAttribute('src');
    fireEvent.click(within(form).getByRole('button', { name: '提交合作意向' }));
    const messages = () => within(form).queryAllByRole('alert').map((e) => e.textContent);
    await waitFor(() => expect(messages()).toEqual(['请输入单位名称', '请输入联系人', '请填写手机号码或电子邮箱', '请输入合作意向说明', '请输入图形验证码']));
    expect(within(form).getByLabelText('单位名称').getAttribute('aria-invalid')).toBe('true');
    // A wrong number is refused as it is typed; an e-mail then satisfies "either", once the number is gone.
    fireEvent.change(within(form).getByLabelText('手机号码'), { target: { value: '139' } });
    expect(within(form).getByText('您的手机号码格式不正确!')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('手机号码'), { target: { value: '' } });
    expect(within(form).getByText('请填写手机号码或电子邮箱')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('电子邮箱'), { target: { value: 'li@example.com' } });
    expect(within(form).queryByText('请填写手机号码或电子邮箱')).toBeNull();
    fireEvent.change(within(form).getByLabelText('单位名称'), { target: { value: '丙科技有限公司' } });
    fireEvent.change(within(form).getByLabelText('联系人'), { target: { value: '李四' } });
    fireEvent.change(within(form).getByLabelText('合作意向说明'), { target: { value: '希望获得专利许可' } });
    expect(within(form).getByText('8 / 500')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('验证码'), { target: { value: 'abcd' } });
    fireEvent.click(within(form).getByRole('button', { name: '提交合作意向' }));
    expect(await within(form).findByText('验证码错误', {}, SLOW)).toBeTruthy();
    expect(server.callsTo('/rest/purchase/addPurchase')[0]!.body).toMatchObject({ email: 'li@example.com', phone: null, captchaCode: 'abcd' });
    // A new image, and the code typed for the old one is gone.
    await waitFor(() => expect(within(form).getByRole('img', { name: '验证码' }).getAttribute('src')).not.toBe(firstImage), SLOW);
    expect((within(form).getByLabelText('验证码') as HTMLInputElement).value).toBe('');
  });
});

describe('申报指南 and 基金项目', () => {
  it('lists the open editions and shows one with the way to /declare', async () => {
    const guide = { editionId: '3', editionName: '2026年度科学技术奖', year: 2026, phase: 'DECLARING', declarationStart: '2026-03-01', declarationEnd: '2026-04-30', excerpt: '一、申报条件', prizes: [{ prizeId: '1', prizeName: '自然科学奖', kind: 'NATURAL_SCIENCE' }] };
    const server = fakePortal({
      ...noArticles,
      '/rest/guide/getGuidePage': portalOk({ list: [guide], total: 1, pageNum: 1, pageSize: 10 }),
      '/rest/guide/getGuideDetail': portalOk({ ...guide, guide: '一、申报条件\n二、申报材料', stages: [{ stage: 'DECLARATION', startDate: '2026-03-01', endDate: '2026-04-30' }], prizes: [{ ...guide.prizes[0], guide: '面向基础研究' }] }),
    });
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderApp('/apply');
    const link = await screen.findByRole('link', { name: '2026年度科学技术奖申报指南' }, SLOW);
    expect(screen.getByText('申报时间：2026-03-01 至 2026-04-30')).toBeTruthy();
    fireEvent.click(link);
    expect(await screen.findByText('面向基础研究', {}, SLOW)).toBeTruthy();
    expect(server.callsTo('/rest/guide/getGuideDetail')[0]!.body).toEqual({ editionId: '3' });
    fireEvent.click(screen.getByRole('button', { name: '前往在线申报' }));
    // The address changes once /declare's page chunk has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/declare'), SLOW);
  });

  it('searches the funds by keyword', async () => {
    const server = fakePortal({
      ...noArticles,
      '/rest/lookfunds/getPublicPage': (call) => {
        const { keyword } = call.body as { keyword?: string };
        const list = [{ id: '7', name: '国家自然科学基金', code: 'NSFC', agency: '国家自然科学基金委员会', level: 'NATIONAL', remark: null }].filter((r) => !keyword || r.name.includes(keyword));
        return portalOk({ list, total: list.length, pageNum: 1, pageSize: 10 });
      },
    });
    vi.stubGlobal('fetch', server.fetch);
    renderApp('/fund');
    expect((await screen.findByRole('link', { name: '国家自然科学基金' }, SLOW)).getAttribute('href')).toBe('/fundDetail/7');
    fireEvent.change(screen.getByRole('searchbox', { name: '关键词' }), { target: { value: '不存在' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: '关键词' }), { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(await screen.findByText('没有符合条件的记录', {}, SLOW)).toBeTruthy();
    expect(server.callsTo('/rest/lookfunds/getPublicPage').at(-1)!.body).toEqual({ pageParameter: { pageNum: 1, pageSize: 10 }, keyword: '不存在' });
  });
});

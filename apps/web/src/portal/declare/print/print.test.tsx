import '../../../test/setup';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useSessionStore } from '../../../api/session';
import { ok, renderApp } from '../../../test/renderApp';
import { fakePortal } from '../../testing/fixtures';
import { applicant, declaration } from '../testing';

beforeAll(async () => {
  await import('./DeclarationPrintPage');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const printed = declaration({
  status: 'ACCEPTED',
  registrationNo: 'KJJB-2026-0001',
  unitOrgName: '示范大学',
  content: {
    ...declaration().content,
    COMPLETERS: {
      completers: [
        { name: '张三', idNumber: '11010519491231002X', title: '教授', unitName: '示范大学', contribution: '总体设计' },
        { name: '李四', idNumber: '110101199003070011', title: '副教授', unitName: '示范大学' },
      ],
    },
    UNITS: { units: [{ unitName: '示范大学', creditCode: '91350100M000100Y43' }] },
    SUMMARY: { summary: '<p>项目<strong>简介</strong></p>' },
    ECONOMIC: { years: [{ year: 2024, sales: 100, profit: 20 }, { year: 2025, sales: 50.5 }], basis: '财务报表' },
    ATTACHMENTS: { attachments: [{ type: 'COMMITMENT', fileId: '9001', fileName: '承诺书.pdf' }] },
  },
});

describe('the print view', () => {
  it('prints the whole declaration on A4 without the portal around it', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const print = vi.fn();
    vi.stubGlobal('print', print);
    vi.stubGlobal('fetch', fakePortal({ '/rest/declare/detail': ok(printed) }).fetch);
    renderApp('/declare/print/101');
    const doc = await screen.findByRole('article', { name: '2026年度 科技进步奖 申报书' });
    expect(within(doc).getByRole('heading', { level: 1 }).textContent).toBe('2026年度 科技进步奖 申报书');
    expect(within(doc).getByText('KJJB-2026-0001')).toBeTruthy();
    expect(within(doc).getByText('已受理')).toBeTruthy();
    expect(within(doc).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '一、基本情况',
      '二、主要完成人',
      '三、主要完成单位',
      '四、项目简介',
      '五、经济效益',
      '六、附件',
      '七、声明与签章',
    ]);
    const ranks = within(doc).getAllByText(/^第\d完成人$/).map((cell) => cell.closest('tr')!.textContent);
    expect(ranks[0]).toContain('张三');
    expect(ranks[1]).toContain('李四');
    // Nothing masked: the applicant's own declaration.
    expect(within(doc).getByText('110101199003070011')).toBeTruthy();
    expect(within(doc).getByText('简介').tagName).toBe('STRONG');
    expect(within(doc).getByText('150.50')).toBeTruthy();
    expect(within(doc).getByText('承诺书.pdf')).toBeTruthy();
    expect(within(doc).getByText('申报人签字')).toBeTruthy();
    expect(within(doc).getByText('申报单位盖章')).toBeTruthy();
    expect(document.querySelector('.dl-portal')).toBeNull();
    await waitFor(() => expect(document.title).toBe('2026年度 科技进步奖 申报书'));
    fireEvent.click(screen.getByRole('button', { name: /打印/ }));
    expect(print).toHaveBeenCalled();
  });

  it('sends a visitor to sign in first', async () => {
    vi.stubGlobal('fetch', fakePortal().fetch);
    const { router } = renderApp('/declare/print/101');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=/declare/print/101');
  });
});

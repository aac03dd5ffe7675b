import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { fakeServer, ok } from '../../test/renderApp';
import { renderWidget } from '../../test/widgetKit';
import { declarationDetail } from '../../test/declarationFixtures';
import { DeclarationView } from './DeclarationView';
import { DeclarationHistory } from './DeclarationHistory';

afterEach(() => vi.unstubAllGlobals());

function serve() {
  const server = fakeServer({
    '/rest/declare/getHistory': () =>
      ok([
        { stepId: '1', action: 'SUBMIT', actionLabel: '提交申报', fromStatus: 'DRAFT', toStatus: 'SUBMITTED', opinion: null, reasons: [], deadline: null, actorName: '王申报', time: '2026-03-10T02:00:00.000Z' },
        { stepId: '2', action: 'REJECT', actionLabel: '形式审查：不予受理', fromStatus: 'NOMINATED', toStatus: 'NOT_ACCEPTED', opinion: '材料不全', reasons: ['逾期提交'], deadline: null, actorName: '奖励办', time: '2026-03-12T02:00:00.000Z' },
      ]),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

describe('<DeclarationView>', () => {
  it('renders the header and every section of the prize’s form in the prize’s order, ID numbers masked', () => {
    serve();
    renderWidget(<DeclarationView declaration={declarationDetail()} />);
    expect(screen.getByText('KJ2026-0001')).toBeTruthy();
    expect(screen.getAllByText('待单位审核').length).toBeGreaterThan(0);
    const sections = Array.from(document.querySelectorAll('section[data-section]')).map((s) => s.getAttribute('data-section'));
    expect(sections).toEqual(['BASIC', 'UNITS', 'COMPLETERS', 'SUMMARY', 'ATTACHMENTS']);
    expect(screen.getByText('3. 主要完成人')).toBeTruthy();
    expect(screen.getByText('110105********002X')).toBeTruthy();
    expect(screen.queryByText('11010519491231002X')).toBeNull();
    // Completers in rank order.
    const names = Array.from(document.querySelectorAll('section[data-section="COMPLETERS"] tr.ant-table-row')).map((tr) => tr.children[1]!.textContent);
    expect(names).toEqual(['张三', '李四']);
    // Rich text through RichTextView (its sanitiser is tested in jsdom there), attachments as links, a missing required one flagged.
    expect(document.querySelector('section[data-section="SUMMARY"] strong')?.textContent).toBe('简介');
    expect(screen.getByRole('button', { name: /承诺书\.pdf/ })).toBeTruthy();
    expect(screen.getByText('必传，未上传')).toBeTruthy();
  });

  it('shows whole ID numbers only when told to, and the pending withdrawal request', () => {
    serve();
    renderWidget(
      <DeclarationView revealIdNumbers declaration={declarationDetail({ revocation: { status: 'PENDING', reason: '项目需调整', opinion: null, requestTime: '2026-03-11T02:00:00.000Z' } })} />,
    );
    expect(screen.getByText('11010519491231002X')).toBeTruthy();
    expect(screen.getByText('申报人申请撤回，待办理')).toBeTruthy();
    expect(screen.getByText('撤回理由：项目需调整')).toBeTruthy();
  });
});

describe('<DeclarationHistory>', () => {
  it('lists each step with its actor, opinion and reasons', async () => {
    serve();
    renderWidget(<DeclarationHistory declarationId="41" />);
    expect(await screen.findByText('形式审查：不予受理')).toBeTruthy();
    expect(screen.getByText('意见：材料不全')).toBeTruthy();
    expect(screen.getByText('理由：逾期提交')).toBeTruthy();
  });
});

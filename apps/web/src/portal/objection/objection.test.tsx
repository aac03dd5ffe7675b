import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useSessionStore } from '../../api/session';
import { fakeServer, ok } from '../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../test/widgetKit';
import { applicant } from '../declare/testing';
import type { MyObjection } from './api';
import { MyObjections, ObjectionEntryAction } from './index';

const PAGE = '/queryDetail/:id';
const ENTRY = '/queryDetail/6';
const identity = (identityVerified: boolean) => ok({ identityVerified, realname: identityVerified ? '张三' : null, idType: null, idNumberMasked: null, verifiedAt: null });

function serve(verified: boolean, extra: Parameters<typeof fakeServer>[0] = {}) {
  const server = fakeServer({ '/rest/identify/get': () => identity(verified), ...extra });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const action = (open = true) => <ObjectionEntryAction publicityId="6" declarationId="70" title="高熵合金的设计与制备" open={open} />;

afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.getState().signOut();
});

describe('提出异议 on a publicity entry', () => {
  it('is disabled with the reason when the window is closed', async () => {
    serve(true);
    renderAtRoute(action(false), PAGE, ENTRY);
    const button = buttonNamed('提出异议')!;
    expect(button.disabled).toBe(true);
    fireEvent.mouseEnter(button.parentElement!);
    expect(await screen.findByText('公示期已结束，不能再提出异议')).toBeTruthy();
  });

  it('sends a visitor to sign in first', async () => {
    serve(true);
    renderAtRoute(action(), PAGE, ENTRY);
    fireEvent.click(buttonNamed('提出异议')!);
    expect(await screen.findByText('其他页面')).toBeTruthy();
  });

  it('points a person without verified identity to 实名认证', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    serve(false);
    renderAtRoute(action(), PAGE, ENTRY);
    fireEvent.click(buttonNamed('提出异议')!);
    expect((await screen.findAllByText('尚未实名认证')).length).toBeGreaterThan(0);
    expect(screen.getByText(/请先完成实名认证后再提出异议/)).toBeTruthy();
    fireEvent.click(buttonNamed('去实名认证')!);
    expect(await screen.findByText('其他页面')).toBeTruthy();
  });

  // The first test here to open the form: its chunk and antd's load now.
  it('lets a person without verified identity go on as a unit (以单位名义继续): the form opens', { timeout: 30_000 }, async () => {
    useSessionStore.getState().signIn('tok', applicant);
    serve(false);
    renderAtRoute(action(), PAGE, ENTRY);
    fireEvent.click(buttonNamed('提出异议')!);
    fireEvent.click((await screen.findAllByRole('button', { name: '以单位名义继续' }))[0]!);
    expect(await screen.findByText('对「高熵合金的设计与制备」提出异议', {}, { timeout: 20_000 })).toBeTruthy();
    expect(screen.queryByText('尚未实名认证')).toBeNull();
  });

  it('opens the form for a verified person and refuses to submit with the contract’s messages', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    const server = serve(true);
    renderAtRoute(action(), PAGE, ENTRY);
    fireEvent.click(buttonNamed('提出异议')!);
    expect(await screen.findByText('对「高熵合金的设计与制备」提出异议')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('事实与理由'), { target: { value: '太短' } });
    fireEvent.click(buttonNamed('提交异议')!);
    await waitFor(() => {
      const errors = Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
      expect(errors).toEqual(expect.arrayContaining(['请选择异议类别', '请输入异议事项', '事实与理由不少于20个字', '请至少上传一份证明材料']));
    });
    expect(server.callsTo('/rest/objection/file')).toHaveLength(0);
  });

  it('asks a unit for its name, credit code (USCC rule) and the sealed page', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    serve(true);
    renderAtRoute(action(), PAGE, ENTRY);
    fireEvent.click(buttonNamed('提出异议')!);
    fireEvent.click(await screen.findByLabelText('单位（加盖公章）'));
    fireEvent.change(await screen.findByLabelText('统一社会信用代码'), { target: { value: '123' } });
    fireEvent.click(buttonNamed('提交异议')!);
    await waitFor(() => {
      const errors = Array.from(document.querySelectorAll('.ant-form-item-explain-error')).map((e) => e.textContent);
      expect(errors).toEqual(expect.arrayContaining(['请输入单位名称', '请输入正确的统一社会信用代码!', '请上传加盖单位公章的异议书页']));
    });
  });
});

describe('我的异议', () => {
  const ROW: MyObjection = {
    objectionId: '5',
    publicityId: '6',
    publicityTitle: '2026年度拟授奖结果公示',
    declarationId: '70',
    entryTitle: '高熵合金的设计与制备',
    category: 'COMPLETERS',
    subject: '第二完成人未参与研究',
    status: 'UPHELD',
    receivedAt: '2026-11-20T02:00:00.000Z',
    kind: 'PERSON',
    outcomeAction: 'CORRECT',
    outcomeOpinion: '第二、三完成人排序更正',
    decidedAt: '2026-11-25T02:00:00.000Z',
  };

  it('lists the person’s objections with the outcome', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    serve(true, { '/rest/objection/getMyObjections': () => ok({ list: [ROW], total: 1, pageNum: 1, pageSize: 10 }) });
    renderAtRoute(<MyObjections />, '/center', '/center');
    expect(await screen.findByText('高熵合金的设计与制备')).toBeTruthy();
    expect(screen.getByText('异议成立')).toBeTruthy();
    expect(screen.getByText('更正完成人、完成单位或排序；第二、三完成人排序更正')).toBeTruthy();
  });

  it('says so when there is none', async () => {
    useSessionStore.getState().signIn('tok', applicant);
    serve(true, { '/rest/objection/getMyObjections': () => ok({ list: [], total: 0, pageNum: 1, pageSize: 10 }) });
    renderAtRoute(<MyObjections />, '/center', '/center');
    expect(await screen.findByText('您还没有提出过异议')).toBeTruthy();
  });
});

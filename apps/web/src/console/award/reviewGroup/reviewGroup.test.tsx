import '../../../test/setup';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../../test/renderApp';
import { buttonNamed, renderAtRoute } from '../../../test/widgetKit';
import { useConsoleStore } from '../../../api/consoleStore';
import ReviewGroupListPage from './ReviewGroupListPage';
import ReviewGroupMembersPage from './ReviewGroupMembersPage';
import type { GroupMembers, ReviewGroup } from './api';

const GROUP: ReviewGroup = {
  groupId: '5', editionId: '1', editionName: '2026年度科学技术奖', prizeId: '2', prizeName: '自然科学奖', groupName: '材料一组', disciplineCodes: ['430'],
  leaderExpertId: null, leaderName: null, expertsPerDeclaration: 5, maxLoad: 20, deadline: null, seed: null, status: 'DRAFT',
  settings: { outOfRegionOnly: false, maxAge: null, alternates: 2 }, declarationCount: 0, expertCount: 2,
  createTime: '2026-11-01T02:00:00.000Z', createBy: 'office', createById: null, updateTime: '2026-11-01T02:00:00.000Z', updateBy: 'office', updateById: null, delFlag: 0, lockVersion: 1,
};
const expert = (id: string, name: string) => ({ expertId: id, name, title: '教授', unitName: `${name}所在单位`, status: 'ACTIVE' as const, maxLoad: null });
const MEMBERS: GroupMembers = { groupId: '5', leaderExpertId: null, declarations: [], experts: [expert('1', '张专家'), expert('2', '李专家')] };

function serve(extra: Record<string, (call: FakeCall) => ReturnType<typeof ok>> = {}) {
  const server = fakeServer({
    '/rest/reviewGroup/getReviewGroupList': (call) => ok({ list: [GROUP], total: 1, ...(call.body as { pageParameter: object }).pageParameter }),
    '/rest/reviewGroup/detail': () => ok(GROUP),
    '/rest/reviewGroup/getMembers': () => ok(MEMBERS),
    '/rest/reviewGroup/setExperts': () => ok(MEMBERS),
    '/rest/reviewGroup/setDeclarations': () => ok(MEMBERS),
    ...extra,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => vi.unstubAllGlobals());

describe('评审组列表', () => {
  it('shows the group and only the actions the user holds', async () => {
    useConsoleStore.setState({ authList: ['award:reviewGroup:list'] });
    serve();
    renderAtRoute(<ReviewGroupListPage />, '/award/reviewGroup/reviewGroupList', '/award/reviewGroup/reviewGroupList');
    expect(await screen.findByText('材料一组')).toBeTruthy();
    expect(screen.getByText('0 / 2')).toBeTruthy();
    for (const label of ['新增', '成员', '分配方案', '修改', '删除']) expect(buttonNamed(label), label).toBeNull();
  });

  it('opens the members and the proposal of a group', async () => {
    useConsoleStore.setState({ authList: ['award:reviewGroup:list', 'award:reviewGroup:members', 'award:expertPush:list'] });
    serve();
    const { router } = renderAtRoute(<ReviewGroupListPage />, '/award/reviewGroup/reviewGroupList', '/award/reviewGroup/reviewGroupList');
    await screen.findByText('材料一组');
    fireEvent.click(buttonNamed('分配方案')!);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/award/reviewGroup/expertPushProposal?id=5'));
  });
});

describe('评审组成员', () => {
  beforeEach(() => useConsoleStore.setState({ authList: ['award:reviewGroup:list', 'award:reviewGroup:detail', 'award:reviewGroup:members'] }));

  it('adds the accepted declarations under the group’s disciplines', async () => {
    const server = serve();
    renderAtRoute(<ReviewGroupMembersPage />, '/award/reviewGroup/reviewGroupMembers', '/award/reviewGroup/reviewGroupMembers?id=5');
    expect(await screen.findByText('评审组成员：材料一组')).toBeTruthy();
    fireEvent.click(buttonNamed('按学科代码加入')!);
    await waitFor(() => expect(server.callsTo('/rest/reviewGroup/setDeclarations')).toHaveLength(1));
    expect(server.callsTo('/rest/reviewGroup/setDeclarations')[0]!.body).toEqual({ groupId: '5', byDisciplines: true });
  });

  it('saves each expert’s own maximum and the leader', async () => {
    const server = serve();
    renderAtRoute(<ReviewGroupMembersPage />, '/award/reviewGroup/reviewGroupMembers', '/award/reviewGroup/reviewGroupMembers?id=5');
    await screen.findByText('评审组成员：材料一组');
    fireEvent.click(screen.getByRole('tab', { name: '专家（2）' }));
    const max = await screen.findByLabelText('李专家的最多评审项数');
    fireEvent.change(max, { target: { value: '8' } });
    const leader = screen.getAllByRole('combobox')[0]!;
    fireEvent.mouseDown(leader);
    const options = await screen.findAllByText('张专家');
    fireEvent.click(options.find((el) => el.closest('.ant-select-item-option'))!);
    fireEvent.click(buttonNamed('保存专家')!);
    await waitFor(() => expect(server.callsTo('/rest/reviewGroup/setExperts')).toHaveLength(1));
    expect(server.callsTo('/rest/reviewGroup/setExperts')[0]!.body).toEqual({ groupId: '5', experts: [{ expertId: '1', maxLoad: null }, { expertId: '2', maxLoad: 8 }], leaderExpertId: '1' });
  });
});

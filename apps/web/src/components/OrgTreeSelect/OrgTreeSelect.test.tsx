import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../test/renderApp';
import { renderWidget } from '../../test/widgetKit';
import { OrgTreeSelect, type OrgNode } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const org = (orgId: string, orgName: string, parentOrgId: string | null, isLeaf: boolean): OrgNode => ({
  orgId,
  orgCode: `ORG${orgId}`,
  orgName,
  parentOrgId,
  orgType: null,
  orgLevel: null,
  orgStatus: 'NORMAL',
  orgSort: Number(orgId),
  isLeaf,
});

const CHILDREN: Record<string, OrgNode[]> = {
  root: [org('1', '总部', null, false), org('5', '分公司', null, true)],
  '1': [org('2', '研发部', '1', false), org('3', '财务部', '1', true)],
  '2': [org('4', '前端组', '2', true)],
};

function serve() {
  const server = fakeServer({
    '/rest/organ/tree': (call: FakeCall) => ok(CHILDREN[(call.body as { parentId?: string }).parentId ?? 'root'] ?? []),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const open = () => fireEvent.mouseDown(screen.getByRole('combobox'));
/** The expand arrow of a tree node, found by the node's name. */
const expand = (name: string) => {
  const node = screen.getByTitle(name).closest('.ant-select-tree-treenode')!;
  fireEvent.click(node.querySelector('.ant-select-tree-switcher')!);
};

describe('<OrgTreeSelect>', () => {
  it('loads the roots, then each branch only when it is opened', async () => {
    const server = serve();
    const onChange = vi.fn();
    renderWidget(<OrgTreeSelect onChange={onChange} />);
    open();
    expect(await screen.findByTitle('总部')).toBeTruthy();
    expect(screen.getByTitle('分公司')).toBeTruthy();
    expect(server.callsTo('/rest/organ/tree').map((c) => c.body)).toEqual([{}]);

    expand('总部');
    expect(await screen.findByTitle('研发部')).toBeTruthy();
    expect(server.callsTo('/rest/organ/tree').map((c) => c.body)).toEqual([{}, { parentId: '1' }]);

    fireEvent.click(screen.getByTitle('财务部'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('3'));
  });

  it('filters the loaded names as the user types', async () => {
    serve();
    renderWidget(<OrgTreeSelect />);
    open();
    await screen.findByTitle('总部');
    expand('总部');
    await screen.findByTitle('研发部');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '财务' } });
    await waitFor(() => expect(screen.queryByTitle('分公司')).toBeNull());
    expect(screen.getByTitle('财务部')).toBeTruthy();
    expect(screen.queryByTitle('研发部')).toBeNull();
  });

  it('shows the name of a picked organisation whose branch is not loaded yet', async () => {
    serve();
    const { container } = renderWidget(<OrgTreeSelect value="4" labels={{ '4': '前端组' }} />);
    await waitFor(() => expect(container.textContent).toContain('前端组'));
  });

  it('picks several organisations, each on its own, in multiple mode', async () => {
    serve();
    const onChange = vi.fn();
    renderWidget(<OrgTreeSelect multiple value={['5']} labels={{ '5': '分公司' }} onChange={onChange} />);
    open();
    await screen.findByTitle('总部');
    fireEvent.click(screen.getByTitle('总部'));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect([...onChange.mock.calls.at(-1)![0]].sort()).toEqual(['1', '5']);
  });

  it('leaves out excluded organisations', async () => {
    serve();
    renderWidget(<OrgTreeSelect excludeIds={['5']} />);
    open();
    await screen.findByTitle('总部');
    expect(screen.queryByTitle('分公司')).toBeNull();
  });
});

import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWidget } from '../../test/widgetKit';
import { TreePanel } from '.';

/** A media list that answers for the screen width the test sets. */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') && width <= Number(/max-width:\s*([\d.]+)px/.exec(query)?.[1] ?? 0),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/** A list filtered by a two-node tree, as a page would wire it. */
function Page() {
  const [picked, setPicked] = useState<{ id: string; name: string } | null>(null);
  return (
    <TreePanel
      storageKey="demo"
      title="组织机构"
      pickLabel="选择机构"
      picked={picked?.name}
      pickedKey={picked?.id ?? null}
      tree={
        <ul>
          {[
            { id: '1', name: '总部' },
            { id: '2', name: '分部' },
          ].map((node) => (
            <li key={node.id}>
              <button onClick={() => setPicked(node)}>{node.name}</button>
            </li>
          ))}
        </ul>
      }
    >
      <p>列表：{picked?.name ?? '全部'}</p>
    </TreePanel>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('TreePanel', () => {
  it('folds to a strip and unfolds, remembered per list across visits', async () => {
    screenWidth(1366);
    const first = renderWidget(<Page />);
    expect(screen.getByText('总部')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('收起组织机构'));
    await waitFor(() => expect(screen.queryByText('总部')).toBeNull());
    expect(screen.getByText('列表：全部')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('dandelion__tree-panel:demo')!)).toEqual({ folded: true });

    first.unmount();
    renderWidget(<Page />);
    expect(screen.getByLabelText('展开组织机构')).toBeTruthy();
    expect(screen.queryByText('总部')).toBeNull();
    fireEvent.click(screen.getByLabelText('展开组织机构'));
    expect(await screen.findByText('总部')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem('dandelion__tree-panel:demo')!)).toEqual({ folded: false });
  });

  it('on a phone puts the tree in a drawer that closes when a node is chosen', async () => {
    screenWidth(375);
    renderWidget(<Page />);
    // No panel beside the list: only the button.
    expect(screen.queryByText('总部')).toBeNull();
    expect(screen.queryByLabelText('收起组织机构')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /选择机构/ }));
    const drawer = await screen.findByRole('dialog');
    expect(drawer.textContent).toContain('组织机构');
    fireEvent.click(screen.getByText('分部'));
    expect(await screen.findByText('列表：分部')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: /选择机构/ }).textContent).toContain('分部');
  });
});

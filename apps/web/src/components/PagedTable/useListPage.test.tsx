import '../../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Page } from '@dandelion/shared';
import { renderAtRoute } from '../../test/widgetKit';
import { PagedTable, useListPage, type PageQuery, type PagedColumn } from '.';

interface Row {
  id: string;
  name: string;
}
interface Search {
  name?: string;
}

const columns: PagedColumn<Row>[] = [{ key: 'name', title: '名称', dataIndex: 'name' }];

/** A list page as the features write it: search values, the table, and the sibling pages. */
function ListPage({ fetcher, initial }: { fetcher: (query: PageQuery<Search>, signal: AbortSignal) => Promise<Page<Row>>; initial?: Search }) {
  const { table, search, refresh, onSearch, open } = useListPage<Search>(initial);
  return (
    <>
      <button type="button" onClick={() => onSearch({ name: '财务' })}>
        按名称查询
      </button>
      <button type="button" onClick={() => void refresh()}>
        重新加载
      </button>
      <button type="button" onClick={() => open('postUpd', { id: '3' })}>
        打开修改页
      </button>
      <button type="button" onClick={() => open('postAdd')}>
        打开新增页
      </button>
      <PagedTable<Row, Search> ref={table} tableKey="use-list-page" fetcher={fetcher} params={search} columns={columns} rowKey="id" />
    </>
  );
}

function serve() {
  return vi.fn(async (query: PageQuery<Search>) => ({
    list: [{ id: '1', name: query.name ? `${query.name}经理` : '全部' }],
    total: 1,
    ...query.pageParameter,
  }));
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('useListPage', () => {
  it('starts from the initial search values', async () => {
    const fetcher = serve();
    renderAtRoute(<ListPage fetcher={fetcher} initial={{ name: '人事' }} />, '/system/post/postList', '/system/post/postList');
    expect(await screen.findByText('人事经理')).toBeTruthy();
    expect(fetcher.mock.calls[0]![0]).toMatchObject({ name: '人事', pageParameter: { pageNum: 1 } });
  });

  it('查询 with new values asks the table for them; the same values again reload the page', async () => {
    const fetcher = serve();
    renderAtRoute(<ListPage fetcher={fetcher} />, '/system/post/postList', '/system/post/postList');
    expect(await screen.findByText('全部')).toBeTruthy();
    click('按名称查询');
    expect(await screen.findByText('财务经理')).toBeTruthy();
    expect(fetcher.mock.calls.at(-1)![0]).toMatchObject({ name: '财务', pageParameter: { pageNum: 1 } });
    const calls = fetcher.mock.calls.length;
    click('按名称查询');
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(calls + 1));
    expect(fetcher.mock.calls.at(-1)![0]).toMatchObject({ name: '财务' });
  });

  it('refresh reloads the current page', async () => {
    const fetcher = serve();
    renderAtRoute(<ListPage fetcher={fetcher} />, '/system/post/postList', '/system/post/postList');
    await screen.findByText('全部');
    click('重新加载');
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
  });

  it('opens the sibling add / upd / detail pages, with their query', async () => {
    const { router } = renderAtRoute(<ListPage fetcher={serve()} />, '/system/post/postList', '/system/post/postList');
    click('打开修改页');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/post/postUpd'));
    expect(router.state.location.search).toBe('?id=3');
    await router.navigate('/system/post/postList');
    await screen.findByRole('button', { name: '打开新增页' });
    click('打开新增页');
    await waitFor(() => expect(router.state.location.pathname).toBe('/system/post/postAdd'));
    expect(router.state.location.search).toBe('');
  });
});

import '../../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { Page } from '@dandelion/shared';
import { buttonNamed, renderAtRoute } from '../../test/widgetKit';
import { SearchForm } from '../SearchForm';
import { PagedTable, useListPage, type PageQuery, type PagedColumn } from '.';

interface Row {
  id: string;
  name: string;
}
interface Search {
  name?: string;
}

const EMPTY = { what: '岗位' };

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
      <PagedTable<Row, Search> ref={table} tableKey="use-list-page" fetcher={fetcher} params={search} columns={columns} rowKey="id" empty={EMPTY} />
    </>
  );
}

/** A list page with its search form, for 清空条件. */
function SearchedListPage({ fetcher }: { fetcher: (query: PageQuery<Search>, signal: AbortSignal) => Promise<Page<Row>> }) {
  const { table, searchForm, search, onSearch, clearSearch } = useListPage<Search>();
  return (
    <>
      <SearchForm<Search> ref={searchForm} fields={[{ name: 'name', label: '名称' }]} onSearch={onSearch} />
      <PagedTable<Row, Search> ref={table} tableKey="use-list-page" fetcher={fetcher} params={search} columns={columns} rowKey="id" empty={EMPTY} onClearSearch={clearSearch} />
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

  it('clearSearch empties the search form and lists everything again', async () => {
    const fetcher = vi.fn(async (query: PageQuery<Search>) => ({
      list: query.name ? [] : [{ id: '1', name: '财务经理' }],
      total: query.name ? 0 : 1,
      ...query.pageParameter,
    }));
    renderAtRoute(<SearchedListPage fetcher={fetcher} />, '/system/post/postList', '/system/post/postList');
    expect(await screen.findByText('财务经理')).toBeTruthy();
    const box = screen.getByLabelText('名称') as HTMLInputElement;
    fireEvent.change(box, { target: { value: '不存在' } });
    fireEvent.click(buttonNamed('查询')!);
    expect(await screen.findByText('没有符合条件的记录')).toBeTruthy();

    fireEvent.click(buttonNamed('清空条件')!);
    expect(await screen.findByText('财务经理')).toBeTruthy();
    expect(box.value).toBe('');
    expect(fetcher.mock.calls.at(-1)![0]).not.toHaveProperty('name');
  });
});

/** A list a link may open filtered (?name=…), as the workbench's to-do cards do. */
function AddressedListPage({ fetcher }: { fetcher: (query: PageQuery<Search>, signal: AbortSignal) => Promise<Page<Row>> }) {
  const { table, searchForm, search, onSearch, addressedSearch } = useListPage<Search>({}, { fromAddress: ['name'] });
  return (
    <>
      <SearchForm<Search> ref={searchForm} fields={[{ name: 'name', label: '名称' }]} initialValues={addressedSearch} onSearch={onSearch} />
      <PagedTable<Row, Search> ref={table} tableKey="use-list-page" fetcher={fetcher} params={search} columns={columns} rowKey="id" empty={EMPTY} />
    </>
  );
}

describe('a list opened by a link with conditions', () => {
  it('searches by the address’s conditions from the first request and shows them in the search form', async () => {
    const fetcher = vi.fn(async (query: PageQuery<Search>) => ({ list: [{ id: '1', name: '财务' }], total: 1, ...query.pageParameter }));
    renderAtRoute(<AddressedListPage fetcher={fetcher} />, '/system/post/postList', '/system/post/postList?name=财务&other=1');
    expect(await screen.findByText('财务', { selector: 'td, td *' })).toBeTruthy();
    expect(fetcher.mock.calls[0]![0]).toMatchObject({ name: '财务' });
    expect(fetcher.mock.calls[0]![0]).not.toHaveProperty('other');
    expect((screen.getByLabelText('名称') as HTMLInputElement).value).toBe('财务');
  });
});

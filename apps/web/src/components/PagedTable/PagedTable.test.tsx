import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef, useState } from 'react';
import type { Page } from '@dandelion/shared';
import { postJson } from '../../api/http';
import { fakeServer, ok, refuse, type FakeCall, type FakeReply } from '../../test/renderApp';
import { buttonNamed, renderWidget } from '../../test/widgetKit';
import { PagedTable, type PageQuery, type PagedColumn, type PagedTableHandle } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Row {
  id: string;
  title: string;
  author: string;
}
interface Filter {
  title?: string;
}

const EMPTY = { what: '文章', hint: '文章发布后显示在门户。' };

const ROWS: Row[] = Array.from({ length: 23 }, (_, i) => ({ id: String(i + 1), title: `标题${i + 1}`, author: `作者${i + 1}` }));

const COLUMNS: PagedColumn<Row>[] = [
  { key: 'title', title: '标题', dataIndex: 'title' },
  { key: 'author', title: '作者', dataIndex: 'author' },
  { key: 'id', title: '编号', dataIndex: 'id', defaultHidden: true },
  { key: 'action', title: '操作', alwaysShown: true, render: () => '—' },
];

/** A paging endpoint over `rows`, like the server's: pageParameter in, { list, total, pageNum, pageSize } out. */
function pagesOf(rows: () => Row[]) {
  return (call: FakeCall): FakeReply => {
    const { pageParameter } = call.body as PageQuery<Filter>;
    const { pageNum, pageSize } = pageParameter;
    const all = rows();
    const page: Page<Row> = { list: all.slice((pageNum - 1) * pageSize, pageNum * pageSize), total: all.length, pageNum, pageSize };
    return ok(page);
  };
}

const fetchRows = (query: PageQuery<Filter>, signal: AbortSignal) => postJson<Page<Row>>('/rest/demo/page', query, { signal });

function serve(route: (call: FakeCall) => FakeReply = pagesOf(() => ROWS)) {
  const server = fakeServer({ '/rest/demo/page': route });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const headers = () => Array.from(document.querySelectorAll('th')).map((th) => th.textContent);

describe('<PagedTable>', () => {
  it('asks for page 1 with the search values and shows the rows with the total', async () => {
    const server = serve();
    renderWidget(<PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} params={{ title: '标题' }} columns={COLUMNS} rowKey="id" empty={EMPTY} />);
    expect(await screen.findByText('标题1')).toBeTruthy();
    expect(screen.getByText('共 23 条')).toBeTruthy();
    expect(server.callsTo('/rest/demo/page')[0]!.body).toEqual({ title: '标题', pageParameter: { pageNum: 1, pageSize: 10 } });
  });

  it("shows a big list's estimated total as an estimate", async () => {
    serve((call) => ok({ ...((pagesOf(() => ROWS)(call).body as { data: Page<Row> }).data), total: 1_000_000, totalEstimated: true }));
    renderWidget(<PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} params={{}} columns={COLUMNS} rowKey="id" empty={EMPTY} />);
    expect(await screen.findByText('约 1,000,000 条')).toBeTruthy();
    expect(screen.queryByText(/共 .* 条/)).toBeNull();
  });

  it('pages through, and goes back to page 1 when the search values change', async () => {
    const server = serve();
    function Page() {
      const [params, setParams] = useState<Filter>({});
      return (
        <>
          <button onClick={() => setParams({ title: '标题2' })}>换条件</button>
          <PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} params={params} columns={COLUMNS} rowKey="id" empty={EMPTY} />
        </>
      );
    }
    renderWidget(<Page />);
    await screen.findByText('标题1');
    fireEvent.click(screen.getByTitle('3'));
    expect(await screen.findByText('标题21')).toBeTruthy();
    expect(server.calls.at(-1)!.body).toMatchObject({ pageParameter: { pageNum: 3, pageSize: 10 } });

    fireEvent.click(screen.getByText('换条件'));
    await waitFor(() => expect(server.calls.at(-1)!.body).toEqual({ title: '标题2', pageParameter: { pageNum: 1, pageSize: 10 } }));
    expect(server.calls.some((c) => (c.body as PageQuery<Filter>).title === '标题2' && (c.body as PageQuery<Filter>).pageParameter.pageNum === 3)).toBe(false);
  });

  it('hides and shows columns from 列设置, remembered per table across visits', async () => {
    serve();
    const table = <PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} columns={COLUMNS} rowKey="id" empty={EMPTY} />;
    const first = renderWidget(table);
    await screen.findByText('标题1');
    expect(headers()).toEqual(['标题', '作者', '操作']);

    fireEvent.click(screen.getByLabelText('列设置'));
    const authorBox = (await screen.findAllByText('作者')).find((el) => el.closest('.ant-checkbox-wrapper'))!;
    fireEvent.click(authorBox);
    fireEvent.click(screen.getAllByText('编号').find((el) => el.closest('.ant-checkbox-wrapper'))!);
    await waitFor(() => expect(headers()).toEqual(['标题', '编号', '操作']));
    expect(screen.queryAllByText('操作').some((el) => el.closest('.ant-checkbox-wrapper'))).toBe(false);
    expect(JSON.parse(localStorage.getItem('dandelion__table:demo')!)).toEqual({ hidden: ['author'], density: 'medium' });

    first.unmount();
    renderWidget(table);
    await screen.findByText('标题1');
    expect(headers()).toEqual(['标题', '编号', '操作']);
  });

  it('switches the density and keeps it', async () => {
    serve();
    const { container } = renderWidget(<PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} columns={COLUMNS} rowKey="id" empty={EMPTY} />);
    await screen.findByText('标题1');
    fireEvent.click(screen.getByLabelText('密度'));
    fireEvent.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(container.querySelector('.ant-table-small')).not.toBeNull());
    expect(JSON.parse(localStorage.getItem('dandelion__table:demo')!).density).toBe('small');
  });

  it('shows a load failure above the table and retries on request', async () => {
    let reply: FakeReply = refuse(500, '系统繁忙，请稍后重试');
    serve(() => reply);
    renderWidget(<PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} columns={COLUMNS} rowKey="id" empty={EMPTY} />);
    expect(await screen.findByText('列表加载失败：系统繁忙，请稍后重试')).toBeTruthy();
    reply = ok({ list: ROWS.slice(0, 1), total: 1, pageNum: 1, pageSize: 10 });
    fireEvent.click(buttonNamed('重试')!);
    expect(await screen.findByText('标题1')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('列表加载失败：系统繁忙，请稍后重试')).toBeNull());
  });

  it('refreshes through its handle and steps back when the last page empties', async () => {
    let rows = ROWS;
    const server = serve(pagesOf(() => rows));
    const ref = createRef<PagedTableHandle>();
    renderWidget(<PagedTable<Row, Filter> ref={ref} tableKey="demo" fetcher={fetchRows} columns={COLUMNS} rowKey="id" empty={EMPTY} />);
    await screen.findByText('标题1');
    fireEvent.click(screen.getByTitle('3'));
    await screen.findByText('标题21');

    rows = ROWS.slice(0, 20);
    await act(() => ref.current!.refresh());
    expect(await screen.findByText('标题11')).toBeTruthy();
    expect(server.calls.at(-1)!.body).toMatchObject({ pageParameter: { pageNum: 2 } });
    expect(screen.getByText('共 20 条')).toBeTruthy();
  });

  it('with no rows and no search values, says what the list holds; once searched, that nothing matched', async () => {
    serve(pagesOf(() => []));
    const onClearSearch = vi.fn();
    function Page() {
      const [params, setParams] = useState<Filter>({});
      return (
        <>
          <button onClick={() => setParams({ title: '不存在' })}>换条件</button>
          <PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} params={params} columns={COLUMNS} rowKey="id" empty={EMPTY} onClearSearch={onClearSearch} />
        </>
      );
    }
    renderWidget(<Page />);
    expect(await screen.findByText('还没有文章')).toBeTruthy();
    expect(screen.getByText('文章发布后显示在门户。')).toBeTruthy();

    fireEvent.click(screen.getByText('换条件'));
    expect(await screen.findByText('没有符合条件的记录')).toBeTruthy();
    expect(screen.queryByText('还没有文章')).toBeNull();
    fireEvent.click(buttonNamed('清空条件')!);
    expect(onClearSearch).toHaveBeenCalledTimes(1);
  });

  it('takes the page\'s word on whether a search is set when its params also name the record the list belongs to', async () => {
    serve(pagesOf(() => []));
    renderWidget(<PagedTable<Row, { noticeId: string }> tableKey="demo" fetcher={fetchRows} params={{ noticeId: '7' }} searched={false} columns={COLUMNS} rowKey="id" empty={EMPTY} />);
    expect(await screen.findByText('还没有文章')).toBeTruthy();
  });

  it('says the list did not load, rather than that it is empty, when the first load fails', async () => {
    serve(() => refuse(500, '系统繁忙，请稍后重试'));
    renderWidget(<PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} columns={COLUMNS} rowKey="id" empty={EMPTY} />);
    expect(await screen.findByText('列表未能加载')).toBeTruthy();
    expect(screen.queryByText('还没有文章')).toBeNull();
  });

  it('offers row selection for batch actions', async () => {
    serve();
    const onChange = vi.fn();
    renderWidget(
      <PagedTable<Row, Filter> tableKey="demo" fetcher={fetchRows} columns={COLUMNS} rowKey="id" empty={EMPTY} rowSelection={{ onChange }} />,
    );
    await screen.findByText('标题1');
    const boxes = document.querySelectorAll<HTMLInputElement>('tr.ant-table-row input[type="checkbox"]');
    expect(boxes).toHaveLength(10);
    fireEvent.click(boxes[1]!);
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls.at(-1)![0]).toEqual(['2']);
  });
});

import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeServer, ok, type FakeCall } from '../../test/renderApp';
import { renderWidget } from '../../test/widgetKit';
import { DictLabel, DictSelect, type DictItem } from '.';

afterEach(() => {
  vi.unstubAllGlobals();
});

const item = (dictCode: string, dictName: string, dictSort: number): DictItem => ({
  dictId: String(dictSort),
  dictCode,
  dictName,
  label: dictName,
  value: dictCode,
  dictSort,
});

const DICTS: Record<string, DictItem[]> = {
  ORG_TYPE: [item('GOV', '机关', 1), item('INST', '事业单位', 2)],
  ROLE_TYPE: [item('SYS', '系统', 1), item('CENTER', '中心', 2), item('CLIENT', '客户端', 3)],
};

function serve() {
  const server = fakeServer({
    '/rest/dict/getdictlists': (call: FakeCall) => {
      const { dictCategorys } = call.body as { dictCategorys: string[] };
      return ok(Object.fromEntries(dictCategorys.map((c) => [c, DICTS[c] ?? []])));
    },
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const openSelect = (index = 0) => fireEvent.mouseDown(screen.getAllByRole('combobox')[index]!);

describe('<DictSelect>', () => {
  it('offers the items of its category, by name, and hands over the code', async () => {
    serve();
    const onChange = vi.fn();
    renderWidget(<DictSelect category="ORG_TYPE" onChange={onChange} />);
    openSelect();
    fireEvent.click(await screen.findByText('事业单位'));
    expect(screen.getByText('机关')).toBeTruthy();
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(onChange.mock.calls[0]![0]).toBe('INST');
  });

  it('asks for every category of a form in one call and keeps each in localStorage', async () => {
    const server = serve();
    renderWidget(
      <>
        <DictSelect category="ORG_TYPE" />
        <DictSelect category="ROLE_TYPE" />
        <DictSelect category="ORG_TYPE" />
      </>,
    );
    await waitFor(() => expect(localStorage.getItem('dandelion__dict:ROLE_TYPE')).not.toBeNull());
    expect(server.callsTo('/rest/dict/getdictlists')).toHaveLength(1);
    expect(server.calls[0]!.body).toEqual({ dictCategorys: ['ORG_TYPE', 'ROLE_TYPE'] });
    expect(JSON.parse(localStorage.getItem('dandelion__dict:ORG_TYPE')!).items).toEqual(DICTS.ORG_TYPE);
  });

  it('uses a fresh stored copy without calling the server, and refetches a stale one', async () => {
    const server = serve();
    localStorage.setItem('dandelion__dict:ORG_TYPE', JSON.stringify({ savedAt: Date.now(), items: [item('OLD', '缓存项', 1)] }));
    const first = renderWidget(<DictSelect category="ORG_TYPE" />);
    openSelect();
    expect(await screen.findByText('缓存项')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    first.unmount();

    localStorage.setItem('dandelion__dict:ORG_TYPE', JSON.stringify({ savedAt: Date.now() - 3_600_000, items: [item('OLD', '缓存项', 1)] }));
    renderWidget(<DictSelect category="ORG_TYPE" />);
    await waitFor(() => expect(server.callsTo('/rest/dict/getdictlists')).toHaveLength(1));
    openSelect();
    expect(await screen.findByText('事业单位')).toBeTruthy();
  });

  it('says so in the list when the dictionary cannot be loaded', async () => {
    vi.stubGlobal('fetch', fakeServer({}).fetch);
    renderWidget(<DictSelect category="ORG_TYPE" />);
    openSelect();
    expect(await screen.findByText('字典加载失败，请稍后重试')).toBeTruthy();
  });
});

describe('<DictLabel>', () => {
  it('shows the label of a code, the code itself when unknown, and the placeholder when empty', async () => {
    serve();
    const { container } = renderWidget(
      <p>
        <DictLabel category="ROLE_TYPE" code="CENTER" />|<DictLabel category="ROLE_TYPE" code="GONE" />|
        <DictLabel category="ROLE_TYPE" code={null} empty="-" />
      </p>,
    );
    await waitFor(() => expect(container.textContent).toBe('中心|GONE|-'));
  });
});

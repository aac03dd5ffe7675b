import '../../test/setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { fakeServer, ok, refuse, type FakeCall } from '../../test/renderApp';
import { renderWidget } from '../../test/widgetKit';
import { RegionCascader, type RegionOption, type RegionPick } from '.';

afterEach(() => vi.unstubAllGlobals());

const r = (regionCode: string, regionName: string, regionLevel: number, isLeaf = false): RegionOption => ({ regionCode, regionName, regionLevel, isLeaf });
const LEVELS: Record<string, RegionOption[]> = {
  '': [r('110000', '北京市', 1), r('330000', '浙江省', 1)],
  '330000': [r('330100', '杭州市', 2), r('330200', '宁波市', 2)],
  '330100': [r('330106', '西湖区', 3, true), r('330108', '滨江区', 3, true)],
  '110000': [r('110100', '北京市', 2)],
};

function serve() {
  const server = fakeServer({
    '/rest/region/children': (call: FakeCall) => ok(LEVELS[(call.body as { parentCode?: string }).parentCode ?? ''] ?? []),
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const parentsAsked = (server: ReturnType<typeof serve>) => server.callsTo('/rest/region/children').map((c) => (c.body as { parentCode?: string }).parentCode ?? '');

/** A form field holding the value, as Form.Item would. */
function Field({ initial, onPicked, ...props }: { initial?: string[]; onPicked?: (codes: string[], picked: RegionPick[]) => void; changeOnSelect?: boolean; disabledCodes?: string[] }) {
  const [value, setValue] = useState<string[] | undefined>(initial);
  return (
    <RegionCascader
      {...props}
      aria-label="所在地区"
      value={value}
      onChange={(codes, picked) => {
        setValue(codes);
        onPicked?.(codes, picked);
      }}
    />
  );
}

const open = () => fireEvent.mouseDown(screen.getByRole('combobox'));
const pick = async (name: string, nth = 0) => fireEvent.click((await screen.findAllByText(name, { selector: '.ant-cascader-menu-item-content' }))[nth]!);

describe('<RegionCascader>', () => {
  it('shows the names of an existing value, reading only the levels along it', async () => {
    const server = serve();
    const { container } = renderWidget(<Field initial={['330000', '330100', '330106']} />);
    await waitFor(() => expect(container.textContent).toContain('浙江省 / 杭州市 / 西湖区'));
    expect(parentsAsked(server)).toEqual(['', '330000', '330100']);
  });

  it('reads each level when opened and hands over the codes with the names', async () => {
    const server = serve();
    const onPicked = vi.fn();
    renderWidget(<Field onPicked={onPicked} />);
    await waitFor(() => expect(parentsAsked(server)).toEqual(['']));
    open();
    await pick('浙江省');
    await pick('杭州市');
    await pick('滨江区');
    await waitFor(() => expect(onPicked).toHaveBeenCalled());
    expect(onPicked.mock.calls.at(-1)).toEqual([
      ['330000', '330100', '330108'],
      [
        { regionCode: '330000', regionName: '浙江省', regionLevel: 1 },
        { regionCode: '330100', regionName: '杭州市', regionLevel: 2 },
        { regionCode: '330108', regionName: '滨江区', regionLevel: 3 },
      ],
    ]);
    expect(parentsAsked(server)).toEqual(['', '330000', '330100']);
  });

  it('with changeOnSelect a parent level may be the answer; disabled codes cannot be picked', async () => {
    serve();
    const onPicked = vi.fn();
    renderWidget(<Field changeOnSelect disabledCodes={['110000']} onPicked={onPicked} />);
    open();
    await pick('浙江省');
    await waitFor(() => expect(onPicked).toHaveBeenCalledWith(['330000'], [{ regionCode: '330000', regionName: '浙江省', regionLevel: 1 }]));
    const beijing = (await screen.findAllByText('北京市', { selector: '.ant-cascader-menu-item-content' }))[0]!;
    expect(beijing.closest('.ant-cascader-menu-item')!.className).toContain('ant-cascader-menu-item-disabled');
  });

  it('says so when the regions cannot be read', async () => {
    vi.stubGlobal('fetch', fakeServer({ '/rest/region/children': () => refuse(429, '操作过于频繁，请稍后再试') }).fetch);
    renderWidget(<Field />);
    expect(await screen.findByText('地区加载失败：操作过于频繁，请稍后再试')).toBeTruthy();
  });
});

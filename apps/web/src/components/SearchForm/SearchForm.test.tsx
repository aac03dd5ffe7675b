import '../../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import dayjs from 'dayjs';
import { buttonNamed, renderWidget } from '../../test/widgetKit';
import { SearchForm, toSearchParams, type SearchField, type SearchFormHandle } from '.';

const FIELDS: SearchField[] = [
  { name: 'phone', label: '手机号' },
  { name: 'status', label: '状态', type: 'select', options: [{ label: '成功', value: 'SENT' }] },
  { name: 'sendTime', label: '发送时间', type: 'dateRange', names: ['beginTime', 'endTime'] },
  { name: 'purpose', label: '用途' },
  { name: 'day', label: '日期', type: 'date' },
];

/** The grid cell around a field's label: folded fields are hidden with display: none. */
const cellOf = (label: string) => screen.getByText(label).closest('.ant-col')!.parentElement!.closest('.ant-col') as HTMLElement;

describe('toSearchParams', () => {
  it('trims text, drops empty fields and turns dates into China-time strings', () => {
    const params = toSearchParams(FIELDS, {
      phone: ' 138 ',
      status: undefined,
      purpose: '   ',
      sendTime: [dayjs('2026-03-01'), dayjs('2026-03-05')],
      day: dayjs('2026-02-28'),
    });
    expect(params).toEqual({
      phone: '138',
      beginTime: '2026-03-01T00:00:00.000+08:00',
      endTime: '2026-03-05T23:59:59.999+08:00',
      day: '2026-02-28',
    });
  });

  it('keeps a range under its own name when it has no begin/end names', () => {
    const fields: SearchField[] = [{ name: 'range', label: '范围', type: 'dateRange' }];
    expect(toSearchParams(fields, { range: [dayjs('2026-01-01'), dayjs('2026-01-02')] })).toEqual({
      range: ['2026-01-01T00:00:00.000+08:00', '2026-01-02T23:59:59.999+08:00'],
    });
    expect(toSearchParams(fields, { range: null })).toEqual({});
  });
});

describe('<SearchForm>', () => {
  it('hands the cleaned values to the caller on 查询', async () => {
    const onSearch = vi.fn();
    renderWidget(<SearchForm fields={FIELDS} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: ' 1380 ' } });
    fireEvent.click(buttonNamed('查询')!);
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ phone: '1380' }));
  });

  it('searches on Enter in a text field, but not while an IME is composing', async () => {
    const onSearch = vi.fn();
    renderWidget(<SearchForm fields={FIELDS} onSearch={onSearch} />);
    const phone = screen.getByLabelText('手机号');
    fireEvent.change(phone, { target: { value: '139' } });
    fireEvent.keyDown(phone, { key: 'Enter', isComposing: true });
    fireEvent.keyDown(phone, { key: 'Enter' });
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ phone: '139' }));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('folds the fields after the third behind 展开 and 收起', () => {
    renderWidget(<SearchForm fields={FIELDS} onSearch={() => undefined} />);
    expect(cellOf('发送时间').style.display).toBe('');
    expect(cellOf('用途').style.display).toBe('none');
    expect(cellOf('日期').style.display).toBe('none');

    fireEvent.click(buttonNamed('展开')!);
    expect(cellOf('用途').style.display).toBe('');
    fireEvent.click(buttonNamed('收起')!);
    expect(cellOf('用途').style.display).toBe('none');
  });

  it('has no 展开 with three fields or fewer', () => {
    renderWidget(<SearchForm fields={FIELDS.slice(0, 3)} onSearch={() => undefined} />);
    expect(buttonNamed('展开')).toBeNull();
  });

  it('重置 returns to the initial values and searches again with them', async () => {
    const onSearch = vi.fn();
    renderWidget(<SearchForm fields={FIELDS} initialValues={{ purpose: 'LOGIN' }} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '137' } });
    fireEvent.click(buttonNamed('重置')!);
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ purpose: 'LOGIN' }));
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
  });

  it('clear (a list\'s 清空条件) empties every field, initial values too, and searches with nothing', async () => {
    const onSearch = vi.fn();
    const form = createRef<SearchFormHandle>();
    renderWidget(<SearchForm ref={form} fields={FIELDS} initialValues={{ purpose: 'LOGIN' }} onSearch={onSearch} />);
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '137' } });
    act(() => form.current!.clear());
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({}));
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('用途') as HTMLInputElement).value).toBe('');
  });

  it('gives two forms with the same field names ids of their own, so each label points at its own field', () => {
    renderWidget(
      <>
        <SearchForm fields={FIELDS.slice(0, 1)} onSearch={() => undefined} />
        <SearchForm fields={FIELDS.slice(0, 1)} onSearch={() => undefined} />
      </>,
    );
    const [first, second] = screen.getAllByLabelText('手机号') as HTMLInputElement[];
    expect(first!.id).not.toBe(second!.id);
    expect(first!.id).toMatch(/_phone$/);
  });
});

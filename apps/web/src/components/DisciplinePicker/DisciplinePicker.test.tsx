import '../../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { renderWidget } from '../../test/widgetKit';
import { DisciplinePicker, disciplineLabel, disciplineLabels, disciplineTitle } from '.';

/** A form field holding the value, as Form.Item would. */
function Field({ initial, onPicked, max }: { initial?: string[]; onPicked?: (codes: string[]) => void; max?: number }) {
  const [value, setValue] = useState<string[] | undefined>(initial);
  return (
    <DisciplinePicker
      aria-label="学科"
      max={max}
      value={value}
      onChange={(codes) => {
        setValue(codes);
        onPicked?.(codes);
      }}
    />
  );
}

const open = () => fireEvent.mouseDown(screen.getByRole('combobox'));
const item = async (label: string) => (await screen.findAllByText(label, { selector: '.ant-cascader-menu-item-content' }))[0]!.closest('.ant-cascader-menu-item') as HTMLElement;
const type = (text: string) => fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });

describe('<DisciplinePicker>', () => {
  it('shows stored codes with their paths; a dotted code reads as its digits, an unknown one as itself', async () => {
    const { container } = renderWidget(<Field initial={['52020', '410.10', '9990101']} />);
    await waitFor(() => expect(container.textContent).toContain('520 计算机科学技术 / 52020 人工智能'));
    expect(container.textContent).toContain('410 工程与技术科学基础学科 / 41010 工程数学');
    expect(container.textContent).toContain('9990101');
  });

  it('picks a second-level discipline by opening its group, and a whole group by ticking it', async () => {
    const onPicked = vi.fn();
    renderWidget(<Field onPicked={onPicked} />);
    open();
    fireEvent.click(await item('520 计算机科学技术'));
    fireEvent.click(await item('52020 人工智能'));
    await waitFor(() => expect(onPicked).toHaveBeenLastCalledWith(['52020']));
    fireEvent.click((await item('110 数学')).querySelector('.ant-cascader-checkbox')!);
    await waitFor(() => expect(onPicked).toHaveBeenLastCalledWith(['52020', '110']));
  });

  it('finds a discipline by its code (dotted or not) or by part of its name', async () => {
    const onPicked = vi.fn();
    renderWidget(<Field onPicked={onPicked} />);
    open();
    type('410.10');
    fireEvent.click(await screen.findByText((_, el) => el?.classList.contains('ant-cascader-menu-item-content') === true && el.textContent === '410 工程与技术科学基础学科 / 41010 工程数学'));
    await waitFor(() => expect(onPicked).toHaveBeenLastCalledWith(['41010']));
    type('人工智');
    fireEvent.click(await screen.findByText((_, el) => el?.classList.contains('ant-cascader-menu-item-content') === true && el.textContent === '520 计算机科学技术 / 52020 人工智能'));
    await waitFor(() => expect(onPicked).toHaveBeenLastCalledWith(['41010', '52020']));
  });

  it('refuses a tick beyond the limit and says so; unticking still works', async () => {
    const onPicked = vi.fn();
    renderWidget(<Field initial={['52020', '41010']} max={2} onPicked={onPicked} />);
    open();
    fireEvent.click((await item('110 数学')).querySelector('.ant-cascader-checkbox')!);
    expect(await screen.findByText('最多选择 2 个学科')).toBeTruthy();
    expect(onPicked).not.toHaveBeenCalled();
    fireEvent.click(await item('520 计算机科学技术'));
    fireEvent.click(await item('52020 人工智能'));
    await waitFor(() => expect(onPicked).toHaveBeenLastCalledWith(['41010']));
  });

  it('ticking a group replaces its picked children with the group', async () => {
    const onPicked = vi.fn();
    renderWidget(<Field initial={['52020', '52010']} onPicked={onPicked} />);
    open();
    fireEvent.click((await item('520 计算机科学技术')).querySelector('.ant-cascader-checkbox')!);
    await waitFor(() => expect(onPicked).toHaveBeenLastCalledWith(['520']));
  });
});

describe('disciplineLabel', () => {
  it('shows a code with its own name, the path on demand, and an unknown code as itself', () => {
    expect(disciplineLabel('52020')).toBe('52020 人工智能');
    expect(disciplineLabel('520.20')).toBe('52020 人工智能');
    expect(disciplineLabel('110')).toBe('110 数学');
    expect(disciplineLabel('5202010')).toBe('5202010');
    expect(disciplineLabels(['110', '41010'])).toBe('110 数学、41010 工程数学');
    expect(disciplineLabels(null)).toBe('');
    expect(disciplineTitle('41010')).toBe('410 工程与技术科学基础学科 / 41010 工程数学');
  });
});

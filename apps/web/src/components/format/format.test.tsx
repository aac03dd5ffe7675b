import '../../test/setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWidget } from '../../test/widgetKit';
import { EllipsisText, NumberText } from '.';

describe('<NumberText>', () => {
  it('shows two decimals with thousands separators by default (spec §9)', () => {
    renderWidget(<NumberText value={1234567.891} />);
    expect(screen.getByText('1,234,567.89')).toBeTruthy();
  });

  it('takes other decimals, numeric text, a prefix and a suffix', () => {
    renderWidget(
      <>
        <NumberText value="-2.5" decimals={0} />
        <NumberText value={1000} decimals={1} prefix="¥" suffix=" 元" />
      </>,
    );
    expect(screen.getByText('-3')).toBeTruthy();
    expect(screen.getByText('¥1,000.0 元')).toBeTruthy();
  });

  it('shows the `empty` placeholder for a missing or non-numeric value', () => {
    const { container } = renderWidget(
      <>
        <NumberText value={null} empty="-" />
        <NumberText value="abc" />
      </>,
    );
    expect(container.textContent).toBe('-');
  });
});

describe('<EllipsisText>', () => {
  const long = '蒲公英科技奖励申报与评审平台的短信日志内容超过了二十五个字符的长度限制';

  it('keeps 25 characters and "..." by default, with the full text on hover', async () => {
    renderWidget(<EllipsisText text={long} />);
    const shown = screen.getByText(`${Array.from(long).slice(0, 25).join('')}...`);
    expect(shown.getAttribute('aria-label')).toBe(long);
    fireEvent.mouseEnter(shown);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect(screen.getByRole('tooltip').textContent).toBe(long);
  });

  it('leaves short text whole, without a tooltip, and honours another length', () => {
    renderWidget(
      <>
        <EllipsisText text="短文本" />
        <EllipsisText text="abcdefgh" length={3} />
      </>,
    );
    expect(screen.getByText('短文本').getAttribute('aria-label')).toBeNull();
    expect(screen.getByText('abc...')).toBeTruthy();
  });
});

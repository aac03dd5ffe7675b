import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { menuIcon } from './menuIcons';

describe('menuIcon', () => {
  it('draws a custom icon on the grid it was uploaded with', () => {
    const icons = [
      { iconId: '1', name: 'star', pathContent: 'M12 2 3 7h7z', viewBox: '0 0 24 24' },
      { iconId: '2', name: 'legacy', pathContent: 'M0 0h512v512z' },
    ];
    const { container } = render(
      <>
        {menuIcon('star', icons)}
        {menuIcon('2', icons)}
      </>,
    );
    const svgs = container.querySelectorAll('svg');
    expect(svgs[0]!.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svgs[0]!.querySelector('path')!.getAttribute('d')).toBe('M12 2 3 7h7z');
    // An icon stored before the viewBox was sent keeps the icon-font grid.
    expect(svgs[1]!.getAttribute('viewBox')).toBe('0 0 1024 1024');
  });

  it('draws nothing for an unknown name', () => {
    expect(menuIcon('missing', [])).toBeNull();
  });

  it('loads an antd icon of the list when it is first drawn, holding its place meanwhile', async () => {
    const { container } = render(<>{menuIcon('TrophyOutlined', [])}</>);
    expect(container.querySelector('span.anticon')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.anticon-trophy svg')).toBeTruthy());
  });
});

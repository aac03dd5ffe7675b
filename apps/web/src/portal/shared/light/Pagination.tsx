import './light.css';

interface PortalPaginationProps {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** "共 N 条" before the pages, as the lists show it. */
  showTotal?: (total: number) => string;
  className?: string;
}

/** The pages shown around the current one: first, last, current ± 2, with •••  jumps of 5 between (antd's rule). */
function pageItems(current: number, last: number): Array<number | 'prev5' | 'next5'> {
  if (last <= 9) return Array.from({ length: last }, (_, i) => i + 1);
  let from = Math.max(1, current - 2);
  let to = Math.min(last, current + 2);
  if (current - 1 <= 2) to = 5;
  if (last - current <= 2) from = last - 4;
  const items: Array<number | 'prev5' | 'next5'> = [];
  for (let p = from; p <= to; p++) items.push(p);
  if (from >= 4) items.unshift('prev5');
  else if (from === 3) items.unshift(2);
  if (from !== 1) items.unshift(1);
  if (to <= last - 3) items.push('next5');
  else if (to === last - 2) items.push(last - 1);
  if (to !== last) items.push(last);
  return items;
}

/**
 * Page links under a list (antd Pagination's look and its titles: 上一页, 下一页, 向前 5 页, the page number).
 * The whole entry answers a click, as in antd; its link or button gives it the keyboard.
 */
export function PortalPagination({ current, pageSize, total, onChange, showTotal, className }: PortalPaginationProps) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => {
    const next = Math.min(last, Math.max(1, page));
    if (next !== current) onChange(next);
  };
  return (
    <ul className={['dl-pagination', className].filter(Boolean).join(' ')}>
      {showTotal && <li className="dl-pagination__total">{showTotal(total)}</li>}
      <li title="上一页" className={['dl-pagination__step', current <= 1 && 'dl-pagination__item--disabled'].filter(Boolean).join(' ')} onClick={() => go(current - 1)}>
        <button type="button" aria-label="上一页" disabled={current <= 1}>
          ‹
        </button>
      </li>
      {pageItems(current, last).map((item) =>
        typeof item === 'number' ? (
          <li key={item} title={String(item)} className={['dl-pagination__item', item === current && 'dl-pagination__item--active'].filter(Boolean).join(' ')} onClick={() => go(item)}>
            <a href="#" aria-current={item === current ? 'page' : undefined} onClick={(e) => e.preventDefault()}>
              {item}
            </a>
          </li>
        ) : (
          <li key={item} title={item === 'prev5' ? '向前 5 页' : '向后 5 页'} className="dl-pagination__jump" onClick={() => go(item === 'prev5' ? current - 5 : current + 5)}>
            <button type="button" aria-label={item === 'prev5' ? '向前 5 页' : '向后 5 页'}>
              •••
            </button>
          </li>
        ),
      )}
      <li title="下一页" className={['dl-pagination__step', current >= last && 'dl-pagination__item--disabled'].filter(Boolean).join(' ')} onClick={() => go(current + 1)}>
        <button type="button" aria-label="下一页" disabled={current >= last}>
          ›
        </button>
      </li>
    </ul>
  );
}

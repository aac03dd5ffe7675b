import type { ReactNode } from 'react';
import { useMediaQuery } from '../../../components/useMediaQuery';
import './descriptions.css';

export interface DescriptionItem {
  key: string;
  label: string;
  children: ReactNode;
  /** How many columns the item takes (antd's span); the last item of a row stretches to fill it. */
  span?: number;
}

interface PortalDescriptionsProps {
  items: readonly (DescriptionItem | false | null | undefined)[];
  /** Columns: a number, or one below antd's `sm` breakpoint (576 px) and one from it. */
  column?: number | { xs: number; sm: number };
  bordered?: boolean;
  size?: 'small' | 'middle';
  className?: string;
}

// antd's `sm` breakpoint: its responsive column switches at a 576 px wide window.
const SM_QUERY = '(min-width: 576px)';

/** Items into rows of `column` spans, as antd lays them out: an item that would overflow takes what is left, and the last one of a row fills it. */
export function rowsOf(items: readonly DescriptionItem[], column: number): DescriptionItem[][] {
  const rows: DescriptionItem[][] = [];
  let row: DescriptionItem[] = [];
  let used = 0;
  for (const item of items) {
    const span = item.span ?? 1;
    if (used + span >= column) {
      row.push({ ...item, span: column - used });
      rows.push(row);
      row = [];
      used = 0;
    } else {
      row.push({ ...item, span });
      used += span;
    }
  }
  if (row.length) {
    const last = row[row.length - 1]!;
    row[row.length - 1] = { ...last, span: column - (used - (last.span ?? 1)) };
    rows.push(row);
  }
  return rows;
}

/**
 * Label–value pairs in antd Descriptions' look (plain, or bordered with grey label cells) in a plain <table>:
 * the portal's detail pages without antd's code.
 */
export function PortalDescriptions({ items, column = 3, bordered = false, size = 'middle', className }: PortalDescriptionsProps) {
  const sm = useMediaQuery(SM_QUERY, true);
  const columns = typeof column === 'number' ? column : sm ? column.sm : column.xs;
  const rows = rowsOf(items.filter((item): item is DescriptionItem => !!item), columns);
  return (
    <div className={['dl-descriptions', `dl-descriptions--${size}`, bordered && 'dl-descriptions--bordered', className].filter(Boolean).join(' ')}>
      <div className="dl-descriptions__view">
        <table>
          <tbody>
            {rows.map((row) => (
              <tr key={row.map((item) => item.key).join('|')} className="dl-descriptions__row">
                {row.map((item) =>
                  bordered ? (
                    [
                      <th key={`${item.key}-label`} scope="row" className="dl-descriptions__label">
                        {item.label}
                      </th>,
                      <td key={item.key} colSpan={(item.span ?? 1) * 2 - 1} className="dl-descriptions__content">
                        {item.children}
                      </td>,
                    ]
                  ) : (
                    <td key={item.key} colSpan={item.span} className="dl-descriptions__item">
                      <div className="dl-descriptions__item-container">
                        <span className="dl-descriptions__label">{item.label}</span>
                        <span className="dl-descriptions__content">{item.children}</span>
                      </div>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

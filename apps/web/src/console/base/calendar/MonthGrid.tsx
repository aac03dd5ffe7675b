import { memo, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import type { CalendarDay } from './api';
import { GRID_WEEKDAYS, longDate, monthWeeks, WEEKDAY_SHORT } from './calendarDates';

export type CellTone = 'work' | 'rest' | 'holiday' | 'makeup';

/** How a day looks: an administrator's mark (节假日, 调休上班) first, then what the rule makes it. */
export function toneOf(day: CalendarDay | undefined): CellTone {
  if (day?.source === 'MANUAL') return day.dayType === 'HOLIDAY' ? 'holiday' : 'makeup';
  return day?.kind === 'HOLIDAY' ? 'rest' : 'work';
}

/** The line under the day's number in the month view. */
function noteOf(day: CalendarDay | undefined, tone: CellTone): string {
  if (day?.source === 'MANUAL') return day.dayName ?? '';
  if (day?.source === 'WEEKEND') return tone === 'rest' ? '休息（年度设置）' : '上班（年度设置）';
  return tone === 'rest' ? '周末' : '';
}

const TONE_LABELS: Record<CellTone, string> = { work: '工作日', rest: '休息日', holiday: '节假日', makeup: '调休上班' };

/** The accessible name of a day cell: 2026年10月1日 星期四，节假日：国庆节. */
export function dayLabel(iso: string, day: CalendarDay | undefined): string {
  const tone = toneOf(day);
  const name = day?.source === 'MANUAL' && day.dayName ? `：${day.dayName}` : '';
  return `${longDate(iso)}，${TONE_LABELS[tone]}${name}`;
}

export interface DayHandlers {
  /** Mouse pressed on a day (shift: extend from the last day clicked). */
  onDayDown: (day: string, event: MouseEvent) => void;
  /** The mouse moved onto a day while pressed. */
  onDayEnter: (day: string) => void;
  /** Enter or space on a focused day. */
  onDayKey: (day: string) => void;
}

interface MonthGridProps extends DayHandlers {
  year: number;
  month: number;
  days: ReadonlyMap<string, CalendarDay>;
  size: 'small' | 'large';
  today: string;
  /** The range being selected, in order (strings, so an unchanged month skips re-rendering). */
  rangeFrom: string | null;
  rangeTo: string | null;
  /** Whether clicking does anything (the user may mark or unmark). */
  interactive: boolean;
  /** The month's title in the year view; clicking it opens the month. */
  onOpenMonth?: () => void;
}

/**
 * One month: weekday heads (Monday first) and a cell per day coloured by its kind. Memoised: a
 * drag in the year view re-renders only the months whose selection changed.
 */
export const MonthGrid = memo(function MonthGrid({ year, month, days, size, today, rangeFrom, rangeTo, interactive, onOpenMonth, onDayDown, onDayEnter, onDayKey }: MonthGridProps) {
  const large = size === 'large';
  const keyDown = (iso: string) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onDayKey(iso);
    }
  };
  return (
    <div className={large ? undefined : 'dl-cal-month'} aria-label={`${year}年${month}月`} role="group">
      {onOpenMonth && (
        <button type="button" className="dl-cal-month-title" onClick={onOpenMonth} title="查看本月">
          {month}月
        </button>
      )}
      <div className={`dl-cal-grid${large ? ' large' : ''}`}>
        {GRID_WEEKDAYS.map((w) => (
          <div key={w} className={`dl-cal-head${w === 0 || w === 6 ? ' rest' : ''}`}>
            {large ? `星期${WEEKDAY_SHORT[w]}` : WEEKDAY_SHORT[w]}
          </div>
        ))}
        {monthWeeks(year, month).flat().map((iso, i) => {
          if (!iso) return <div key={`pad-${i}`} className="dl-cal-pad" />;
          const day = days.get(iso);
          const tone = toneOf(day);
          const inRange = !!rangeFrom && !!rangeTo && iso >= rangeFrom && iso <= rangeTo;
          const classes = ['dl-cal-day', tone, iso === today ? 'today' : '', inRange ? 'selected' : '', interactive ? '' : 'readonly'].filter(Boolean).join(' ');
          const badge = tone === 'holiday' ? '休' : tone === 'makeup' ? '班' : null;
          return (
            <button
              key={iso}
              type="button"
              className={classes}
              data-day={iso}
              data-tone={tone}
              aria-label={dayLabel(iso, day)}
              title={dayLabel(iso, day)}
              onMouseDown={(event) => event.button === 0 && onDayDown(iso, event)}
              onMouseEnter={() => onDayEnter(iso)}
              onKeyDown={keyDown(iso)}
            >
              {large ? (
                <>
                  <span className="dl-cal-num">{Number(iso.slice(8))}</span>
                  <span className="dl-cal-name">{noteOf(day, tone)}</span>
                </>
              ) : (
                Number(iso.slice(8))
              )}
              {badge && <span className={`dl-cal-badge ${tone}`}>{badge}</span>}
            </button>
          );
        })}
      </div>
    </div>
  );
});

/** The colours of the calendar, explained. */
export function CalendarLegend() {
  const items: Array<[string, CSSProperties]> = [
    ['工作日', { background: '#fff' }],
    ['休息日（周末）', { background: '#f5f5f5' }],
    ['节假日（休）', { background: '#fff1f0', borderColor: '#ffccc7' }],
    ['调休上班（班）', { background: '#fff7e6', borderColor: '#ffd591' }],
    ['今天', { boxShadow: 'inset 0 0 0 2px #52c41a' }],
    ['已选区间', { background: '#bae0ff', borderColor: '#4096ff' }],
  ];
  return (
    <div className="dl-cal-legend" aria-label="图例">
      {items.map(([label, style]) => (
        <span key={label} className="dl-cal-legend-item">
          <span className="dl-cal-swatch" style={style} />
          {label}
        </span>
      ))}
    </div>
  );
}

import { useEffect, useLayoutEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { Alert, App, Button, Card, Col, Row, Segmented, Space, Spin, Table, Tag, Typography } from 'antd';
import { CalendarOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { ActionBar } from '../../../components/ActionBar';
import { EmptyState } from '../../../components/PagedTable';
import { useHasPermission } from '../../../api/consoleStore';
import { CALENDAR_PERMISSIONS as P } from '@dandelion/shared/base/calendar';
import { calendarApi, CALENDAR_QUERY_KEY, type CalendarDay } from './api';
import { DayDialog, RangeDialog, WeekendDialog } from './CalendarDialogs';
import { ordered, todayIso, WEEKDAY_NAMES } from './calendarDates';
import { CalendarLegend, MonthGrid } from './MonthGrid';
import { WorkingDayPanel } from './WorkingDayPanel';
import './calendar.css';

type View = 'year' | 'month';
const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** The year's administrator marks, in date order, for a list beside the calendar. */
function MarkList({ days, onOpen }: { days: CalendarDay[]; onOpen: (day: CalendarDay) => void }) {
  const marks = days.filter((d) => d.source === 'MANUAL');
  return (
    <Card title={`本年节假日与调休（${marks.length}）`} size="small" style={{ marginTop: 16 }}>
      <Table<CalendarDay>
        size="small"
        rowKey="day"
        pagination={false}
        scroll={{ y: 320 }}
        dataSource={marks}
        locale={{ emptyText: <EmptyState what="标记" title="本年还没有节假日或调休" hint="在日历上点击某一天可标为节假日或调休上班；拖选或按住 Shift 点击可一次标记一段日期。" searched={false} /> }}
        onRow={(row) => ({ onClick: () => onOpen(row), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'day', title: '日期', dataIndex: 'day', width: 96 },
          { key: 'weekday', title: '星期', dataIndex: 'weekday', width: 52, render: (w: number) => WEEKDAY_NAMES[w]!.replace('星期', '周') },
          { key: 'type', title: '类型', dataIndex: 'dayType', width: 52, render: (t: string) => (t === 'HOLIDAY' ? <Tag color="red">休</Tag> : <Tag color="orange">班</Tag>) },
          { key: 'name', title: '名称', dataIndex: 'dayName', ellipsis: true },
        ]}
      />
    </Card>
  );
}

/**
 * /base/calendar/calendarList (节假日管理): a year of twelve small months or one large month,
 * coloured by kind. Click a day to mark or unmark it; drag across days, or shift-click, to mark a
 * range; set a year's weekends in bulk; and compute working days beside it.
 */
export default function CalendarPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const today = todayIso();
  const [year, setYear] = useState(Number(today.slice(0, 4)));
  const [month, setMonth] = useState(Number(today.slice(5, 7)));
  const [view, setView] = useState<View>('year');
  const [drag, setDrag] = useState<{ from: string; to: string } | null>(null);
  const anchor = useRef<string | null>(null);
  const [dayOpen, setDayOpen] = useState<CalendarDay | null>(null);
  const [rangeOpen, setRangeOpen] = useState<[string, string] | null>(null);
  const [weekendsOpen, setWeekendsOpen] = useState(false);
  const canMark = useHasPermission(P.add);
  const canUnmark = useHasPermission(P.del);
  const canSetWeekends = useHasPermission(P.upd);
  const interactive = canMark || canUnmark;

  const calendar = useQuery({
    queryKey: [...CALENDAR_QUERY_KEY, 'days', year],
    queryFn: ({ signal }) => calendarApi.days(`${year}-01-01`, `${year}-12-31`, signal),
    placeholderData: (previous) => previous,
  });
  const byDay = useMemo(() => new Map((calendar.data?.days ?? []).map((d) => [d.day, d])), [calendar.data]);
  const setting = calendar.data?.years.find((y) => y.year === year);

  const openDay = (iso: string) => {
    const day = byDay.get(iso);
    if (day) setDayOpen(day);
  };
  const changed = (text: string) => {
    message.success(text);
    setDayOpen(null);
    setRangeOpen(null);
    setWeekendsOpen(false);
    void queryClient.invalidateQueries({ queryKey: CALENDAR_QUERY_KEY });
  };

  // A press starts a selection; releasing it on the same day opens that day, on another opens the range.
  useEffect(() => {
    if (!drag) return;
    const release = () => {
      const [from, to] = ordered(drag.from, drag.to);
      setDrag(null);
      anchor.current = drag.from;
      if (from === to) openDay(from);
      else if (canMark) setRangeOpen([from, to]);
    };
    window.addEventListener('mouseup', release);
    return () => window.removeEventListener('mouseup', release);
  });
  // Stable handlers reading the latest state, so memoised months are not re-rendered for them.
  const latest = useRef({ interactive, canMark, openDay });
  useLayoutEffect(() => {
    latest.current = { interactive, canMark, openDay };
  });
  const handlers = useMemo(
    () => ({
      onDayDown: (iso: string, event: MouseEvent) => {
        if (!latest.current.interactive) return;
        event.preventDefault();
        if (event.shiftKey && anchor.current && latest.current.canMark) {
          setRangeOpen(ordered(anchor.current, iso));
          return;
        }
        setDrag({ from: iso, to: iso });
      },
      onDayEnter: (iso: string) => setDrag((current) => (current && current.to !== iso ? { ...current, to: iso } : current)),
      onDayKey: (iso: string) => {
        if (latest.current.interactive) latest.current.openDay(iso);
      },
    }),
    [],
  );
  const selected = drag ? ordered(drag.from, drag.to) : rangeOpen;
  /** The selection's part inside one month, as two strings (null when it misses the month). */
  const rangeIn = (m: number): { rangeFrom: string | null; rangeTo: string | null } => {
    const first = `${year}-${String(m).padStart(2, '0')}-01`;
    const last = `${year}-${String(m).padStart(2, '0')}-31`;
    if (!selected || !selected[0] || selected[1] < first || selected[0] > last) return { rangeFrom: null, rangeTo: null };
    return { rangeFrom: selected[0], rangeTo: selected[1] };
  };

  const openMonth = useMemo(() => MONTHS.map((m) => () => { setMonth(m); setView('month'); }), []);
  const step = (delta: number) => {
    if (view === 'year') return setYear(year + delta);
    const next = month + delta;
    setYear(year + Math.floor((next - 1) / 12));
    setMonth(((next - 1 + 12) % 12) + 1);
  };
  const restNames = [...(setting?.restWeekdays ?? [0, 6])].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7)).map((w) => WEEKDAY_NAMES[w]!.replace('星期', '周')).join('、') || '无';

  return (
    <Row gutter={16}>
      <Col xs={24} xl={16}>
        <Card
          title={
            <Space size={12} wrap>
              <CalendarOutlined />
              <Button size="small" icon={<LeftOutlined />} aria-label={view === 'year' ? '上一年' : '上个月'} onClick={() => step(-1)} />
              <Typography.Title level={5} style={{ margin: 0, minWidth: 84, textAlign: 'center' }} aria-live="polite">
                {view === 'year' ? `${year}年` : `${year}年${month}月`}
              </Typography.Title>
              <Button size="small" icon={<RightOutlined />} aria-label={view === 'year' ? '下一年' : '下个月'} onClick={() => step(1)} />
              <Button size="small" onClick={() => { setYear(Number(today.slice(0, 4))); setMonth(Number(today.slice(5, 7))); }}>
                今天
              </Button>
              <Segmented<View> size="small" value={view} onChange={setView} options={[{ value: 'year', label: '年视图' }, { value: 'month', label: '月视图' }]} />
            </Space>
          }
          extra={
            <ActionBar
              actions={[
                { key: 'range', label: '标记区间', permission: P.add, onClick: () => setRangeOpen(['', '']) },
                { key: 'weekends', label: '批量设置周末', permission: P.upd, onClick: () => setWeekendsOpen(true) },
              ]}
            />
          }
        >
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <CalendarLegend />
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {year} 年每周休息日：{restNames}
              {setting?.explicit ? '（已设置）' : '（默认）'}
              {interactive ? '。单击日期标记或取消；在日期上拖动，或按住 Shift 再单击另一日期，可标记一段区间。' : '。'}
            </Typography.Text>
            {calendar.error && <Alert type="error" showIcon title={errorMessage(calendar.error)} />}
            <Spin spinning={calendar.isFetching && !calendar.data}>
              {view === 'year' ? (
                <div className="dl-cal-year">
                  {MONTHS.map((m) => (
                    <MonthGrid
                      key={m}
                      year={year}
                      month={m}
                      days={byDay}
                      size="small"
                      today={today}
                      {...rangeIn(m)}
                      interactive={interactive}
                      onOpenMonth={openMonth[m - 1]}
                      {...handlers}
                    />
                  ))}
                </div>
              ) : (
                <MonthGrid year={year} month={month} days={byDay} size="large" today={today} {...rangeIn(month)} interactive={interactive} {...handlers} />
              )}
            </Spin>
          </Space>
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <WorkingDayPanel />
        <MarkList days={calendar.data?.days ?? []} onOpen={setDayOpen} />
      </Col>
      <DayDialog day={dayOpen} canMark={canMark} canUnmark={canUnmark} onClose={() => setDayOpen(null)} onChanged={changed} />
      <RangeDialog range={rangeOpen} onClose={() => setRangeOpen(null)} onChanged={changed} />
      {canSetWeekends && <WeekendDialog year={year} setting={setting} open={weekendsOpen} onClose={() => setWeekendsOpen(false)} onChanged={changed} />}
    </Row>
  );
}

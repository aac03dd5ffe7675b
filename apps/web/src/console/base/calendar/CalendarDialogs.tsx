import { useEffect, useState } from 'react';
import { Alert, AutoComplete, Button, Checkbox, DatePicker, Form, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { zDayName, type DayKind } from '@dandelion/shared/base/calendar';
import { requiredRule, zodRule } from '../../../components/form';
import { calendarApi, versionsOf, type CalendarDay, type YearSetting } from './api';
import { daysFrom, GRID_WEEKDAYS, longDate, WEEKDAY_NAMES } from './calendarDates';

const HOLIDAY_NAMES = ['元旦', '春节', '清明节', '劳动节', '端午节', '中秋节', '国庆节'];
const TYPE_OPTIONS = [
  { value: 'HOLIDAY', label: '节假日（休息）' },
  { value: 'WORKDAY', label: '调休上班' },
];
/** The same rule and messages the server applies to a day's name (packages/shared/src/base/calendar.ts). */
const NAME_RULES = [zodRule(zDayName)];

interface MarkValues {
  dayType: DayKind;
  dayName: string;
}

/** Name suggestions for a type: the statutory holidays, or their make-up working days. */
const nameOptions = (type: DayKind | undefined) => HOLIDAY_NAMES.map((n) => ({ value: type === 'WORKDAY' ? `${n}调休上班` : n }));

function NameField({ type }: { type: DayKind | undefined }) {
  return (
    <Form.Item name="dayName" label="名称" rules={NAME_RULES}>
      <AutoComplete options={nameOptions(type)} placeholder={type === 'WORKDAY' ? '如 国庆节调休上班' : '如 国庆节'} filterOption={(input, option) => String(option?.value ?? '').includes(input)} />
    </Form.Item>
  );
}

/** What a day is now, in words: 节假日「国庆节」 / 休息日（周末） / 上班（本年周末设置）. */
function describeDay(day: CalendarDay): string {
  if (day.source === 'MANUAL') return `${day.dayType === 'HOLIDAY' ? '节假日' : '调休上班'}「${day.dayName ?? ''}」`;
  if (day.source === 'WEEKEND') return `${day.kind === 'HOLIDAY' ? '休息日' : '工作日'}（本年周末设置）`;
  return day.kind === 'HOLIDAY' ? '休息日（周末）' : '工作日';
}

/** Click on a day: mark it as a named holiday or make-up day, or take its mark away. */
export function DayDialog({ day, canMark, canUnmark, onClose, onChanged }: { day: CalendarDay | null; canMark: boolean; canUnmark: boolean; onClose: () => void; onChanged: (message: string) => void }) {
  const [form] = Form.useForm<MarkValues>();
  const type = Form.useWatch('dayType', form);
  const [busy, setBusy] = useState<'save' | 'unmark' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const marked = day?.source === 'MANUAL';
  // Another day (or the dialog closed): no refusal from before.
  const [dayShown, setDayShown] = useState(day);
  if (dayShown !== day) {
    setDayShown(day);
    if (day) setError(null);
  }

  useEffect(() => {
    if (!day) return;
    form.setFieldsValue(
      marked ? { dayType: day.dayType!, dayName: day.dayName ?? '' } : { dayType: day.kind === 'WORKDAY' ? 'HOLIDAY' : 'WORKDAY', dayName: day.kind === 'WORKDAY' ? '' : '调休上班' },
    );
  }, [day, marked, form]);

  const run = async (what: 'save' | 'unmark', action: () => Promise<unknown>, done: string) => {
    setBusy(what);
    setError(null);
    try {
      await action();
      onChanged(done);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };
  const save = (values: MarkValues) =>
    run('save', () => calendarApi.mark({ days: [day!.day], dayType: values.dayType, dayName: values.dayName.trim(), versions: versionsOf([day!]) }), '标记成功');

  return (
    <Modal
      open={!!day}
      title={day ? longDate(day.day) : ''}
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          {marked && canUnmark && (
            <BusyButton danger busy={busy === 'unmark'} disabled={!!busy} onClick={() => void run('unmark', () => calendarApi.unmark({ days: [day!.day], versions: versionsOf([day!]) }), '已取消标记')}>
              取消标记
            </BusyButton>
          )}
          <Button onClick={onClose}>关闭</Button>
          {canMark && (
            <BusyButton type="primary" busy={busy === 'save'} disabled={!!busy} onClick={() => form.submit()}>
              保存
            </BusyButton>
          )}
        </Space>
      }
    >
      {day && (
        <Typography.Paragraph>
          当前：<Typography.Text strong>{describeDay(day)}</Typography.Text>
        </Typography.Paragraph>
      )}
      <Form<MarkValues> form={form} name="calendarDay" layout="horizontal" labelCol={{ flex: '80px' }} disabled={!canMark} onFinish={(v) => void save(v)} onValuesChange={() => setError(null)}>
        <Form.Item name="dayType" label="类型" rules={[requiredRule('请选择类型')]}>
          <Radio.Group options={TYPE_OPTIONS} />
        </Form.Item>
        <NameField type={type} />
      </Form>
      {!canMark && <Typography.Text type="secondary">没有标记节假日的权限，只能查看。</Typography.Text>}
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

interface RangeValues extends MarkValues {
  range: [Dayjs, Dayjs] | null;
}

/** 标记区间: every day from start to end gets the same type and name (e.g. 国庆节 10-01 … 10-07). */
export function RangeDialog({ range, onClose, onChanged }: { range: [string, string] | null; onClose: () => void; onChanged: (message: string) => void }) {
  const [form] = Form.useForm<RangeValues>();
  const picked = Form.useWatch('range', form);
  const type = Form.useWatch('dayType', form);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = picked?.[0]?.format('YYYY-MM-DD');
  const end = picked?.[1]?.format('YYYY-MM-DD');
  const span = start && end ? daysFrom(start, end) + 1 : 0;
  const current = useQuery({
    queryKey: ['calendar', 'range', start, end],
    queryFn: ({ signal }) => calendarApi.days(start!, end!, signal),
    enabled: !!range && span > 0 && span <= 366,
  });

  // Another range (or the dialog closed): no refusal from before.
  const [rangeShown, setRangeShown] = useState(range);
  if (rangeShown !== range) {
    setRangeShown(range);
    if (range) setError(null);
  }

  useEffect(() => {
    if (!range) return;
    form.setFieldsValue({ range: range[0] ? [dayjs(range[0]), dayjs(range[1])] : null, dayType: 'HOLIDAY', dayName: '' });
  }, [range, form]);

  const stored = current.data?.days.filter((d) => d.source !== null) ?? [];
  const save = async (values: RangeValues) => {
    if (!start || !end) return;
    setSaving(true);
    setError(null);
    try {
      const result = await calendarApi.markRange({ start, end, dayType: values.dayType, dayName: values.dayName.trim(), versions: versionsOf(current.data?.days ?? []) });
      onChanged(`已标记 ${result.marked} 天`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!range}
      title="标记区间"
      onCancel={onClose}
      forceRender
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <BusyButton type="primary" busy={saving} disabled={span > 366 || (span > 0 && !current.data)} onClick={() => form.submit()}>
            保存
          </BusyButton>
        </Space>
      }
    >
      <Form<RangeValues> form={form} name="calendarRange" layout="horizontal" labelCol={{ flex: '80px' }} onFinish={(v) => void save(v)} onValuesChange={() => setError(null)}>
        <Form.Item name="range" label="日期" rules={[{ required: true, message: '请选择开始和结束日期' }]}>
          <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
        </Form.Item>
        <Form.Item name="dayType" label="类型">
          <Radio.Group options={TYPE_OPTIONS} />
        </Form.Item>
        <NameField type={type} />
      </Form>
      {span > 366 ? (
        <Alert type="error" showIcon title="一次最多标记 366 天" />
      ) : span > 0 ? (
        <Typography.Paragraph type="secondary" aria-label="区间说明">
          共 {span} 天{stored.length ? `，其中 ${stored.length} 天已有标记或年度设置，保存后将被覆盖` : ''}。
        </Typography.Paragraph>
      ) : null}
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

/** 批量设置周末: which weekdays a year rests on (Saturday and Sunday unless chosen otherwise). */
export function WeekendDialog({ year, setting, open, onClose, onChanged }: { year: number; setting: YearSetting | undefined; open: boolean; onClose: () => void; onChanged: (message: string) => void }) {
  const [target, setTarget] = useState(year);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = useQuery({ queryKey: ['calendar', 'year-setting', target], queryFn: ({ signal }) => calendarApi.days(`${target}-01-01`, `${target}-01-01`, signal), enabled: open && target !== year });
  const current = target === year ? setting : shown.data?.years[0];
  const [rest, setRest] = useState<number[]>(current?.restWeekdays ?? [0, 6]);

  // Opened (or the page moved to another year): start from the page's year, no refusal from before.
  const [opened, setOpened] = useState({ open, year });
  if (opened.open !== open || opened.year !== year) {
    setOpened({ open, year });
    if (open) {
      setTarget(year);
      setError(null);
    }
  }
  // The year's setting as read: the boxes show it.
  const [restOf, setRestOf] = useState(current);
  if (restOf !== current) {
    setRestOf(current);
    setRest(current?.restWeekdays ?? [0, 6]);
  }

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const result = await calendarApi.setWeekends({ year: target, restWeekdays: rest, ...(current?.lockVersion != null ? { lockVersion: current.lockVersion } : {}) });
      onChanged(`${target} 年休息日已保存：新增 ${result.added} 天，调整 ${result.changed} 天，移除 ${result.removed} 天，保留 ${result.keptMarks} 个节假日/调休标记`);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title="批量设置周末"
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <BusyButton type="primary" busy={saving} disabled={rest.length === 7 || (target !== year && !shown.data)} onClick={() => void save()}>
            保存
          </BusyButton>
        </Space>
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Space>
          <span>年份</span>
          <InputNumber aria-label="年份" min={1970} max={2099} precision={0} value={target} onChange={(v) => v && setTarget(v)} />
        </Space>
        <div>
          <div style={{ marginBottom: 6 }}>每周休息日：</div>
          <Checkbox.Group aria-label="每周休息日" value={rest} onChange={(v) => setRest(v as number[])} options={GRID_WEEKDAYS.map((w) => ({ value: w, label: WEEKDAY_NAMES[w]! }))} />
        </div>
        {rest.length === 7 && <Typography.Text type="danger">每周至少要有一个工作日</Typography.Text>}
        <Alert
          type="info"
          showIcon
          title="保存后，该年没有手工标记的日期按所选休息日计算；已标记的节假日和调休上班日保持不变。选回周六、周日即恢复默认。"
        />
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}

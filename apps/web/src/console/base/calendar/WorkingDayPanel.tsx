import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Divider, InputNumber, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { errorMessage } from '../../../api/http';
import { calendarApi } from './api';
import { WEEKDAY_NAMES } from './calendarDates';

const iso = (d: Dayjs) => d.format('YYYY-MM-DD');

/**
 * 工作日计算: working days between two dates, and a date plus N working days — the sums process
 * deadlines use. Answers are queries under the calendar's key, so marking a day recomputes them.
 */
export function WorkingDayPanel() {
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [between, setBetween] = useState<[string, string] | null>(null);
  const [start, setStart] = useState<Dayjs | null>(null);
  const [count, setCount] = useState<number | null>(5);
  const [adding, setAdding] = useState<[string, number] | null>(null);

  const betweenAnswer = useQuery({
    queryKey: ['calendar', 'workingDays', between],
    queryFn: ({ signal }) => calendarApi.countWorkingDays(between![0], between![1], signal),
    enabled: !!between,
  });
  const addAnswer = useQuery({
    queryKey: ['calendar', 'addWorkingDays', adding],
    queryFn: ({ signal }) => calendarApi.addWorkingDays(adding![0], adding![1], signal),
    enabled: !!adding,
  });

  return (
    <Card title="工作日计算" size="small">
      <Typography.Text strong>两个日期之间的工作日</Typography.Text>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <DatePicker.RangePicker aria-label="起止日期" value={range} onChange={(v) => setRange(v)} style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} />
        <Button type="primary" aria-label="计算工作日天数" disabled={!range?.[0] || !range?.[1]} onClick={() => setBetween([iso(range![0]!), iso(range![1]!)])}>
          计算
        </Button>
      </Space.Compact>
      {betweenAnswer.error ? (
        <Alert type="error" showIcon title={errorMessage(betweenAnswer.error)} style={{ marginTop: 10 }} />
      ) : (
        betweenAnswer.data && (
          <div className="dl-cal-result" role="status" aria-label="工作日天数结果">
            {betweenAnswer.data.start} 至 {betweenAnswer.data.end} 共 {betweenAnswer.data.totalDays} 天：工作日 <strong>{betweenAnswer.data.workingDays}</strong> 天，休息日 {betweenAnswer.data.restDays} 天
          </div>
        )
      )}
      <Divider style={{ margin: '16px 0' }} />
      <Typography.Text strong>日期加上若干个工作日</Typography.Text>
      <DatePicker aria-label="起始日期" value={start} onChange={setStart} placeholder="起始日期" style={{ width: '100%', marginTop: 8 }} />
      <Space style={{ marginTop: 8 }}>
        <span>加</span>
        <InputNumber aria-label="工作日数" min={0} max={3650} precision={0} value={count} onChange={setCount} style={{ width: 90 }} />
        <span>个工作日</span>
        <Button type="primary" aria-label="计算结束日期" disabled={!start || count == null} onClick={() => setAdding([iso(start!), count!])}>
          计算
        </Button>
      </Space>
      {addAnswer.error ? (
        <Alert type="error" showIcon title={errorMessage(addAnswer.error)} style={{ marginTop: 10 }} />
      ) : (
        addAnswer.data && (
          <div className="dl-cal-result" role="status" aria-label="加工作日结果">
            {addAnswer.data.start} 之后第 {addAnswer.data.days} 个工作日：<strong>{addAnswer.data.result}</strong>（{WEEKDAY_NAMES[addAnswer.data.weekday]}，相隔 {addAnswer.data.calendarDays} 个自然日）
          </div>
        )
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0, fontSize: 12 }}>
        起始日当天不计；加 0 个工作日时，结果为起始日（若是休息日则为其后第一个工作日）。流程时限按同样规则计算。
      </Typography.Paragraph>
    </Card>
  );
}

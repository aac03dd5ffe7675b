import type { ReactNode } from 'react';
import { Space, Tag, Typography } from 'antd';
import {
  TASK_RUN_STATUS_LABELS,
  TASK_STATUS_LABELS,
  TASK_TRIGGER_LABELS,
  type TaskRunStatus,
  type TaskTriggerType,
} from '@dandelion/shared/base/scheduler';
import { formatDateTimeSeconds } from '../../../lib/date';

/** 'YYYY-MM-DD HH:mm:ss' in China time (the tasks' zone, TASK_TIME_ZONE): runs are seconds apart, so the list needs the seconds. */
export const formatSeconds = formatDateTimeSeconds;

/** A run's duration as people say it: 850 毫秒, 2.4 秒, 3 分 5 秒. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '';
  if (ms < 1000) return `${ms} 毫秒`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} 秒`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} 分 ${seconds} 秒` : `${minutes} 分`;
}

const RUN_COLORS: Record<TaskRunStatus, string> = { RUNNING: 'processing', SUCCESS: 'success', FAILED: 'error', TIMEOUT: 'warning', SKIPPED: 'default' };

export function RunStatusTag({ status }: { status: string }) {
  return <Tag color={RUN_COLORS[status as TaskRunStatus] ?? 'default'}>{TASK_RUN_STATUS_LABELS[status as TaskRunStatus] ?? status}</Tag>;
}

export function TaskStatusTag({ status }: { status: string }) {
  return <Tag color={status === 'ENABLE' ? 'success' : 'default'}>{TASK_STATUS_LABELS[status as keyof typeof TASK_STATUS_LABELS] ?? status}</Tag>;
}

export const triggerLabel = (type: string) => TASK_TRIGGER_LABELS[type as TaskTriggerType] ?? type;


/** Small grey text under a cell's main line. */
export const secondLine = (text: string) => (
  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
    {text}
  </Typography.Text>
);

/** A list cell of two lines: what, then a detail under it. */
export function TwoLines({ first, second }: { first: ReactNode; second: string }) {
  return (
    <Space orientation="vertical" size={0}>
      {typeof first === 'string' ? <span>{first}</span> : first}
      {secondLine(second)}
    </Space>
  );
}

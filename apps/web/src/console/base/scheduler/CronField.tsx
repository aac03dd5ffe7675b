import { useEffect, useState } from 'react';
import { Button, Dropdown, Input, Space, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { CRON_PRESETS } from '@dandelion/shared/base/scheduler';
import { errorMessage } from '../../../api/http';
import { fetchNextFireTimes } from './api';
import { formatSeconds } from './display';

/** Pause after the last keystroke before the server is asked. */
const TYPING_PAUSE_MS = 300;

const previewKey = (cron: string) => ['task-cron-preview', cron.trim().split(/\s+/).join(' ')] as const;

/**
 * The server checks the expression (one set of rules and messages) and answers its next fire
 * times; the field's validator and the preview share one cached answer per expression.
 */
export function checkCron(queryClient: QueryClient, cron: string) {
  return queryClient.fetchQuery({ queryKey: previewKey(cron), queryFn: ({ signal }) => fetchNextFireTimes(cron, signal), staleTime: 30_000 });
}

/** Validator of the cron Form.Item: the server's message when it refuses the expression. */
export function cronValidator(queryClient: QueryClient) {
  return async (_: unknown, value: string | undefined) => {
    if (!value?.trim()) return;
    try {
      await checkCron(queryClient, value);
    } catch (error) {
      throw new Error(errorMessage(error), { cause: error });
    }
  };
}

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export interface CronInputProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/** The cron text box with a menu of common expressions. */
export function CronInput({ id, value, onChange, disabled }: CronInputProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value)}
        placeholder="秒 分 时 日 月 周，例如 0 0 2 * * *"
        style={{ fontFamily: 'monospace' }}
        allowClear
      />
      <Dropdown
        disabled={disabled}
        trigger={['click']}
        menu={{
          items: CRON_PRESETS.map((preset) => ({ key: preset.cron, label: `${preset.label}\u3000${preset.cron}` })),
          onClick: ({ key }) => onChange?.(key),
        }}
      >
        <Button disabled={disabled} icon={<DownOutlined />} iconPlacement="end">
          常用表达式
        </Button>
      </Dropdown>
    </Space.Compact>
  );
}

/** The next five fire times in China time, updated as the administrator types. */
export function CronPreview({ cron }: { cron: string | undefined }) {
  const settled = useSettled(cron?.trim() ?? '');
  const preview = useQuery({
    queryKey: previewKey(settled),
    queryFn: ({ signal }) => fetchNextFireTimes(settled, signal),
    staleTime: 30_000,
    enabled: settled !== '',
    retry: false,
  });
  if (!settled) return <Typography.Text type="secondary">输入表达式后显示接下来的 5 次触发时间（北京时间）</Typography.Text>;
  if (preview.isPending) return <Typography.Text type="secondary">正在计算触发时间…</Typography.Text>;
  if (preview.isError) return <Typography.Text type="secondary">无法计算触发时间</Typography.Text>;
  return (
    <div aria-label="接下来的触发时间">
      <Typography.Text type="secondary">接下来的 5 次触发时间（北京时间）：</Typography.Text>
      <ol style={{ margin: '4px 0 0', paddingInlineStart: 20, fontFamily: 'monospace' }}>
        {preview.data.times.map((time) => (
          <li key={time}>{formatSeconds(time)}</li>
        ))}
      </ol>
    </div>
  );
}

import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { fetchTaskRun } from './api';
import { formatDuration, formatSeconds, RunStatusTag, triggerLabel } from './display';

/** While a run is still going, its detail reloads this often. */
const RUNNING_REFRESH_MS = 2000;

/** /base/scheduler/schedulerLogDetail?id=: one run — its timings and the whole message body. */
export default function SchedulerLogDetailPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const logId = search.get('id');
  const run = useQuery({
    queryKey: ['task-run', logId],
    queryFn: ({ signal }) => fetchTaskRun(logId!, signal),
    enabled: !!logId,
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? RUNNING_REFRESH_MS : false),
  });
  const goBack = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate('/base/scheduler/schedulerMain');
  };
  const data = run.data;
  const error = !logId ? '缺少执行日志编号，无法打开详情页面' : run.error ? errorMessage(run.error) : null;

  return (
    <Card
      title="执行日志详情"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void run.refetch()} disabled={!logId}>
            刷新
          </Button>
          <Button onClick={goBack}>返回</Button>
        </Space>
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Spin spinning={!!logId && run.isPending}>
        {data && (
          <>
            <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} styles={{ label: { width: 120 } }}>
              <Descriptions.Item label="任务">
                {data.taskName ?? '（已删除）'}
                {data.taskCode && <Typography.Text type="secondary">（{data.taskCode}）</Typography.Text>}
              </Descriptions.Item>
              <Descriptions.Item label="执行状态">
                <RunStatusTag status={data.status} />
              </Descriptions.Item>
              <Descriptions.Item label="触发方式">{triggerLabel(data.triggerType)}</Descriptions.Item>
              <Descriptions.Item label="尝试次数">{data.attempts}</Descriptions.Item>
              <Descriptions.Item label="计划时间">{formatSeconds(data.fireTime)}</Descriptions.Item>
              <Descriptions.Item label="开始时间">{formatSeconds(data.startTime)}</Descriptions.Item>
              <Descriptions.Item label="结束时间">{formatSeconds(data.endTime) || '执行中'}</Descriptions.Item>
              <Descriptions.Item label="耗时">{formatDuration(data.durationMs) || '-'}</Descriptions.Item>
              <Descriptions.Item label="执行实例" span={2}>
                <Typography.Text code>{data.instanceId}</Typography.Text>
              </Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 24 }}>
              消息内容
            </Typography.Title>
            <pre
              aria-label="消息内容"
              style={{
                margin: 0,
                padding: 16,
                maxHeight: 520,
                overflow: 'auto',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-all',
                background: 'rgba(0, 0, 0, 0.03)',
                border: '1px solid rgba(5, 5, 5, 0.06)',
                borderRadius: 6,
                fontSize: 13,
                lineHeight: 1.6,
              }}
            >
              {data.message || (data.status === 'RUNNING' ? '执行中，结束后显示结果…' : '（无消息）')}
            </pre>
          </>
        )}
      </Spin>
    </Card>
  );
}

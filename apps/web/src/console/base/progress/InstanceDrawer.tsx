import { useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Drawer, Empty, Input, Modal, Space, Spin, Tag, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PROCESS_INSTANCE_STATUS_LABELS, type ProcessInstanceStatus } from '@dandelion/shared/base/progress';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { formatDateTime } from '../../../lib/date';
import { actOn, fetchActions, fetchInstance, terminateInstance, type HistoryEntry, type InstanceDetail } from './api';
import { ProcessDiagram } from './ProcessDiagram';

export const INSTANCE_STATUS_COLORS: Record<ProcessInstanceStatus, string> = { RUNNING: 'processing', COMPLETED: 'success', TERMINATED: 'default' };

/** 期限: the deadline in Beijing time, red with 已超期 once passed. */
export function DueDate({ dueAt, overdue }: { dueAt: string | null; overdue: boolean }) {
  if (!dueAt) return <span>不限</span>;
  return overdue ? (
    <Typography.Text type="danger">
      {formatDateTime(dueAt)}（已超期）
    </Typography.Text>
  ) : (
    <span>{formatDateTime(dueAt)}</span>
  );
}

function historyItem(entry: HistoryEntry) {
  const color = entry.action === 'START' ? 'blue' : entry.action === 'TERMINATE' ? 'red' : 'green';
  const move = entry.fromStageName && entry.fromStageName !== entry.toStageName ? `${entry.fromStageName} → ${entry.toStageName}` : entry.toStageName;
  return {
    key: entry.historyId,
    color,
    content: (
      <div data-history={entry.action}>
        <div>
          <Typography.Text type="secondary" style={{ marginInlineEnd: 8 }}>
            {formatDateTime(entry.createTime)}
          </Typography.Text>
          <Typography.Text strong>{entry.actionLabel}</Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {move}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
            {entry.actorName ?? '系统'}
          </Typography.Text>
        </div>
        {entry.comment && <div style={{ marginTop: 4, whiteSpace: 'pre-wrap' }}>意见：{entry.comment}</div>}
      </div>
    ),
  };
}

/**
 * One instance: its version's diagram with the current stage highlighted and the path taken
 * coloured, its deadline, the history, and the actions the signed-in user may take, with a comment.
 */
export function InstanceDrawer({ instanceId, onClose, onChanged }: { instanceId: string | null; onClose: () => void; onChanged: () => void }) {
  const { message } = App.useApp();
  const detail = useQuery({ queryKey: ['progress-instance', instanceId], queryFn: ({ signal }) => fetchInstance(instanceId!, signal), enabled: !!instanceId, gcTime: 0 });
  const actions = useQuery({ queryKey: ['progress-actions', instanceId], queryFn: ({ signal }) => fetchActions(instanceId!, signal), enabled: !!instanceId, gcTime: 0 });
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [terminating, setTerminating] = useState(false);
  const [reason, setReason] = useState('');
  const [terminateError, setTerminateError] = useState<string | null>(null);

  // Another instance starts with an empty comment and no old error.
  const [shownId, setShownId] = useState(instanceId);
  if (instanceId !== shownId) {
    setShownId(instanceId);
    setComment('');
    setError(null);
  }

  const reload = async () => {
    await Promise.all([detail.refetch(), actions.refetch()]);
    onChanged();
  };

  const act = async (action: string, label: string, commentRequired: boolean, data: InstanceDetail) => {
    if (commentRequired && !comment.trim()) {
      setError(`「${label}」必须填写意见`);
      return;
    }
    setBusy(action);
    setError(null);
    try {
      await actOn(data.instance.instanceId, data.instance.lockVersion, action, comment.trim() || null);
      message.success(`已${label}`);
      setComment('');
      await reload();
    } catch (e) {
      setError(errorMessage(e));
      // A 409 means someone else moved it: show where it is now.
      void reload();
    } finally {
      setBusy(null);
    }
  };

  const terminate = async (data: InstanceDetail) => {
    if (!reason.trim()) {
      setTerminateError('请填写终止原因');
      return;
    }
    setBusy('TERMINATE');
    setTerminateError(null);
    try {
      await terminateInstance(data.instance.instanceId, data.instance.lockVersion, reason.trim());
      message.success('流程已终止');
      setTerminating(false);
      setReason('');
      await reload();
    } catch (e) {
      setTerminateError(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const data = detail.data;
  const instance = data?.instance;
  const running = instance?.status === 'RUNNING';
  return (
    <Drawer
      open={!!instanceId}
      onClose={onClose}
      destroyOnHidden
      size="min(1100px, 96vw)"
      title={instance ? `流程实例：${instance.title ?? instance.businessKey}` : '流程实例'}
      extra={instance && <Tag color={INSTANCE_STATUS_COLORS[instance.status]}>{PROCESS_INSTANCE_STATUS_LABELS[instance.status]}</Tag>}
    >
      {detail.error && <Alert type="error" showIcon title={`流程实例加载失败：${errorMessage(detail.error)}`} style={{ marginBottom: 16 }} />}
      <Spin spinning={detail.isPending}>
        {data && instance && (
          <>
            <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="业务标识">{instance.businessKey}</Descriptions.Item>
              <Descriptions.Item label="标题">{instance.title ?? '-'}</Descriptions.Item>
              <Descriptions.Item label="流程">{`${instance.processName}（v${instance.version}）`}</Descriptions.Item>
              <Descriptions.Item label="当前阶段">
                <Tag color={running ? 'blue' : undefined}>{instance.currentStageName}</Tag>
              </Descriptions.Item>
              <Descriptions.Item label="进入时间">{formatDateTime(instance.stageEnteredAt)}</Descriptions.Item>
              <Descriptions.Item label="期限">
                <DueDate dueAt={instance.dueAt} overdue={instance.overdue} />
              </Descriptions.Item>
            </Descriptions>
            <Card size="small" title="流程图" style={{ marginBottom: 16 }}>
              <ProcessDiagram
                definition={data.definition}
                currentStage={instance.currentStage}
                visitedStages={data.history.map((h) => h.toStage)}
                takenSteps={data.history.filter((h) => h.fromStage && h.fromStage !== h.toStage).map((h) => [h.fromStage!, h.toStage] as const)}
                ended={!running}
                title={`「${instance.processName}」流程图，当前阶段：${instance.currentStageName}`}
              />
            </Card>
            {running && (
              <Card size="small" title="办理" style={{ marginBottom: 16 }}>
                {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
                {actions.data?.length ? (
                  <>
                    <Input.TextArea aria-label="办理意见" value={comment} onChange={(e) => setComment(e.target.value)} rows={3} maxLength={1000} showCount placeholder="填写办理意见（退回、驳回等动作必填）" />
                    <Space wrap style={{ marginTop: 12 }}>
                      {actions.data.map((a) => (
                        <BusyButton key={a.action} type="primary" busy={busy === a.action} disabled={!!busy && busy !== a.action} onClick={() => void act(a.action, a.label, a.commentRequired, data)}>
                          {a.label}
                        </BusyButton>
                      ))}
                      <Typography.Text type="secondary">{actions.data.map((a) => `${a.label} → ${a.toName}`).join('，')}</Typography.Text>
                    </Space>
                  </>
                ) : (
                  <Typography.Text type="secondary">{actions.isPending ? '正在读取可办理的动作…' : '您在当前阶段没有可办理的动作'}</Typography.Text>
                )}
                <div style={{ marginTop: 12, textAlign: 'right' }}>
                  <Button danger size="small" onClick={() => setTerminating(true)}>
                    终止流程
                  </Button>
                </div>
              </Card>
            )}
            <Card size="small" title="办理历史">
              {data.history.length ? <Timeline items={data.history.map(historyItem)} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无记录" />}
            </Card>
            <Modal
              open={terminating}
              title="终止流程"
              okText="终止"
              okButtonProps={{ danger: true, loading: busy === 'TERMINATE' }}
              onOk={() => void terminate(data)}
              onCancel={() => {
                setTerminating(false);
                setTerminateError(null);
              }}
              destroyOnHidden
            >
              <p>终止后流程停在「{instance.currentStageName}」，不能再办理。</p>
              {terminateError && <Alert type="error" showIcon title={terminateError} style={{ marginBottom: 12 }} />}
              <Input.TextArea aria-label="终止原因" value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={1000} showCount placeholder="请填写终止原因" />
            </Modal>
          </>
        )}
      </Spin>
    </Drawer>
  );
}

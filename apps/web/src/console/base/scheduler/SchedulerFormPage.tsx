import { useState } from 'react';
import { Alert, Divider, Form, Input, InputNumber, Radio, Select, Switch, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHEDULER_PERMISSIONS, TASK_LIMITS, TASK_MESSAGES, TASK_STATUS_LABELS, taskBody, type TaskParamError } from '@dandelion/shared/base/scheduler';
import { auditItems, dateTimeOf, multilineOf, textOf, yesNo } from '../../../components/detail';
import { formatDuration, RunStatusTag, TaskStatusTag } from './display';
import { TaskRunsTab } from './TaskRunsTab';
import { ApiError } from '../../../api/http';
import { DUPLICATE_CHECK_DEBOUNCE_MS, duplicateRule, FormPage, rulesOf, useFormMode } from '../../../components/form';
import { fetchHandlers, HANDLERS_QUERY_KEY, taskApi, type Task, type TaskValues } from './api';
import { CronInput, CronPreview, cronValidator } from './CronField';
import { optionsOf } from '../../../lib/options';


/** The form's values: the parameters are edited as JSON text. */
type FormValues = Omit<TaskValues, 'params'> & { params: string };

/** The same rules and messages the server applies (packages/shared/src/base/scheduler.ts). */
const rules = rulesOf(taskBody);
const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The parameters as an object, or the reason they are not one. */
function parseParams(text: string | undefined): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (!text?.trim()) return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: TASK_MESSAGES.paramsObject };
    return { ok: true, value: value as Record<string, unknown> };
  } catch (error) {
    return { ok: false, message: `JSON 格式不正确：${(error as Error).message}` };
  }
}

const toBody = (values: FormValues): TaskValues => {
  const parsed = parseParams(values.params);
  return { ...values, params: parsed.ok ? parsed.value : {}, remark: values.remark?.trim() ? values.remark : null };
};

/** 首次等待 5 秒，之后翻倍：5、10、20 秒. */
function backoffPlan(retries: number | undefined, backoff: number | undefined): string {
  if (!retries || !backoff) return '失败后不重试';
  const waits = Array.from({ length: Math.min(retries, 10) }, (_, i) => backoff * 2 ** i);
  return `失败后最多重试 ${retries} 次，依次等待 ${waits.join('、')} 秒`;
}

/** /base/scheduler/schedulerAdd|schedulerUpd?id=|schedulerDetail?id=: the shared task form. */
export default function SchedulerFormPage() {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const { mode, id } = useFormMode();
  const [paramErrors, setParamErrors] = useState<TaskParamError[]>([]);
  const handlers = useQuery({ queryKey: HANDLERS_QUERY_KEY, queryFn: ({ signal }) => fetchHandlers(signal), staleTime: 300_000 });
  const handlerKey = Form.useWatch('handler', form);
  const cron = Form.useWatch('cron', form);
  const retries = Form.useWatch('maxRetries', form);
  const backoff = Form.useWatch('retryBackoffSeconds', form);
  const chosen = handlers.data?.find((h) => h.handler === handlerKey);

  /** Picking a job fills in its example parameters, unless the administrator has typed their own. */
  const onHandlerChange = (handler: string) => {
    const job = handlers.data?.find((h) => h.handler === handler);
    if (!job) return;
    const current = form.getFieldValue('params') as string | undefined;
    const untouched = !current?.trim() || current.trim() === '{}' || handlers.data?.some((h) => json(h.example) === current);
    if (untouched) form.setFieldValue('params', json(job.example));
    setParamErrors([]);
  };

  const save = async (values: FormValues, context: { mode: 'add' | 'upd'; id: string | null; record: Task | undefined }) => {
    setParamErrors([]);
    try {
      return context.mode === 'add' ? await taskApi.add(toBody(values)) : await taskApi.update(context.id!, context.record!.lockVersion, toBody(values));
    } catch (error) {
      const errors = error instanceof ApiError ? error.attributes.paramErrors : undefined;
      if (Array.isArray(errors)) setParamErrors(errors as TaskParamError[]);
      throw error;
    }
  };

  return (
    <FormPage<FormValues, Task>
      entityName="定时任务"
      detail={{
        editPermission: SCHEDULER_PERMISSIONS.upd,
        items: (t) => [
          { label: '任务编码', value: t.taskCode },
          { label: '任务名称', value: t.taskName },
          { label: '任务分组', value: textOf(t.taskGroup) },
          { label: '状态', value: <TaskStatusTag status={t.status} /> },
          { label: 'Cron 表达式', value: <code>{t.cron}</code> },
          { label: '下次执行', value: dateTimeOf(t.nextFireTime) },
          { label: '执行任务', value: handlers.data?.find((h) => h.handler === t.handler)?.title ?? t.handler },
          { label: '跳过重叠执行', value: yesNo(t.skipIfRunning) },
          { label: '超时', value: `${t.timeoutSeconds} 秒` },
          { label: '失败重试', value: backoffPlan(t.maxRetries, t.retryBackoffSeconds) },
          {
            label: '最近一次执行',
            value: t.lastRun ? (
              <span>
                <RunStatusTag status={t.lastRun.status} /> {dateTimeOf(t.lastRun.startTime)} {formatDuration(t.lastRun.durationMs)}
              </span>
            ) : null,
          },
          { label: '参数', value: Object.keys(t.params).length ? <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{json(t.params)}</pre> : null, span: 'filled' },
          { label: '备注', value: multilineOf(t.remark), span: 'filled' },
          ...auditItems(t),
        ],
        tabs: (t) => [{ key: 'runs', label: '执行记录', children: <TaskRunsTab taskId={t.taskId} /> }],
      }}
      form={form}
      load={(id, signal) => taskApi.detail(id, signal)}
      toValues={(task) => ({ ...task, params: json(task.params) })}
      initialValues={{ taskGroup: 'DEFAULT', status: 'DISABLE', skipIfRunning: true, timeoutSeconds: 60, maxRetries: 0, retryBackoffSeconds: 5, params: '{}' }}
      save={save}
      // Named, so its ids (task_taskCode…) differ from the list's search fields kept mounted in another tab.
      // flex-basis 0: a long handler description under the select must wrap, not push the field below its label.
      formProps={{ name: 'task', style: { maxWidth: 900 }, wrapperCol: { flex: '1 1 0', style: { minWidth: 0 } } }}
    >
      <Divider titlePlacement="start">基本信息</Divider>
      <Form.Item
        name="taskCode"
        label="任务编码"
        rules={[...rules.taskCode, duplicateRule({ tableName: 'task', fieldName: 'taskCode', dataId: id, schema: taskBody.shape.taskCode })]}
        validateDebounce={DUPLICATE_CHECK_DEBOUNCE_MS}
      >
        <Input placeholder="字母、数字和下划线，例如 PURGE_LOGS" />
      </Form.Item>
      <Form.Item name="taskName" label="任务名称" rules={rules.taskName}>
        <Input placeholder="请输入任务名称" />
      </Form.Item>
      {/* Fields with a default on the server are still always filled in the form: required marks them. */}
      <Form.Item name="taskGroup" label="任务分组" required rules={rules.taskGroup}>
        <Input placeholder="例如 DEFAULT、SYSTEM" />
      </Form.Item>
      <Form.Item name="status" label="状态" required rules={rules.status} extra={mode === 'add' ? '启用后所有服务实例按计划触发；可先停用保存，用“立即执行”试运行。' : undefined}>
        <Radio.Group options={optionsOf(TASK_STATUS_LABELS)} />
      </Form.Item>

      <Divider titlePlacement="start">执行计划</Divider>
      <Form.Item
        name="cron"
        label="Cron 表达式"
        validateDebounce={400}
        rules={[...rules.cron, { validator: cronValidator(queryClient) }]}
        extra={<CronPreview cron={cron} />}
      >
        <CronInput />
      </Form.Item>

      <Divider titlePlacement="start">处理器与参数</Divider>
      <Form.Item name="handler" label="任务处理器" rules={rules.handler} extra={chosen && <Typography.Text type="secondary">{chosen.description}</Typography.Text>}>
        <Select
          placeholder="请选择任务处理器"
          loading={handlers.isPending}
          options={(handlers.data ?? []).map((h) => ({ value: h.handler, label: `${h.title}（${h.handler}）` }))}
          onChange={onHandlerChange}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Form.Item
        name="params"
        label="任务参数"
        rules={[
          {
            validator: async (_: unknown, value: string | undefined) => {
              const parsed = parseParams(value);
              if (!parsed.ok) throw new Error(parsed.message);
            },
          },
        ]}
        extra={
          paramErrors.length > 1 ? (
            <Alert
              type="error"
              showIcon
              style={{ marginTop: 8 }}
              title="参数有以下问题："
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {paramErrors.map((e) => (
                    <li key={`${e.path}:${e.message}`}>{e.path ? `${e.path}：${e.message}` : e.message}</li>
                  ))}
                </ul>
              }
            />
          ) : (
            'JSON 对象，按所选处理器的说明填写；保存时由服务端校验。'
          )
        }
      >
        <Input.TextArea rows={8} spellCheck={false} style={{ fontFamily: 'monospace' }} onChange={() => setParamErrors([])} />
      </Form.Item>

      <Divider titlePlacement="start">执行策略</Divider>
      <Form.Item
        name="skipIfRunning"
        label="跳过重叠执行"
        valuePropName="checked"
        extra="开启后，到点时若上一次执行仍在进行（任一服务实例），本次记为“已跳过”，不重复执行。"
      >
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item name="timeoutSeconds" label="超时时间" required rules={rules.timeoutSeconds} extra="每次尝试的最长执行时间，超时后通知任务中止并记为“超时”。">
        <InputNumber min={TASK_LIMITS.timeoutSeconds.min} max={TASK_LIMITS.timeoutSeconds.max} precision={0} suffix="秒" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="maxRetries" label="失败重试次数" required rules={rules.maxRetries}>
        <InputNumber min={TASK_LIMITS.maxRetries.min} max={TASK_LIMITS.maxRetries.max} precision={0} suffix="次" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="retryBackoffSeconds" label="重试间隔" required rules={rules.retryBackoffSeconds} extra={backoffPlan(retries, backoff)}>
        <InputNumber min={TASK_LIMITS.retryBackoffSeconds.min} max={TASK_LIMITS.retryBackoffSeconds.max} precision={0} suffix="秒" style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={rules.remark}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
    </FormPage>
  );
}

import { useState } from 'react';
import { Alert, App, Button, Descriptions, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { SERIAL_DATE_PATTERN_LABELS, SERIAL_RESET_LABELS } from '@dandelion/shared/base/serial';
import { errorMessage } from '../../../api/http';
import { BusyButton } from '../../../components/BusyButton';
import { serialApi, type SerialRule } from './api';

/** At most this many numbers per 取号 from the console (the call allows more, for batch jobs). */
const TAKE_MAX = 100;

/**
 * 取号: shows the next numbers (a preview, nothing consumed), takes N and lists what was taken.
 * Taking is final: a number taken here is never handed out again, whether it is used or not.
 */
export function SerialTakeDialog({ rule, onClose, onTaken }: { rule: SerialRule | null; onClose: () => void; onTaken: () => void }) {
  const { message } = App.useApp();
  const [count, setCount] = useState<number | null>(1);
  const [taking, setTaking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [taken, setTaken] = useState<string[]>([]);
  const ruleCode = rule?.ruleCode ?? '';
  const wanted = count ?? 1;
  const preview = useQuery({
    queryKey: ['serial-preview', ruleCode, wanted, taken.length ? taken.at(-1) : null],
    queryFn: ({ signal }) => serialApi.preview(ruleCode, wanted, signal),
    enabled: !!rule,
    gcTime: 0,
  });

  // Another rule (or the dialog closed): start again.
  const [ruleShown, setRuleShown] = useState(rule);
  if (ruleShown !== rule) {
    setRuleShown(rule);
    setCount(1);
    setTaken([]);
    setError(null);
  }

  const take = async () => {
    setTaking(true);
    setError(null);
    try {
      const batch = await serialApi.take(ruleCode, wanted);
      setTaken(batch.values);
      message.success(`已取号 ${batch.values.length} 个`);
      onTaken();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setTaking(false);
    }
  };

  const shown = preview.data?.values.slice(0, 5) ?? [];
  return (
    <Modal open={!!rule} title={`取号 · ${rule?.ruleName ?? ''}`} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={560} destroyOnHidden>
      {rule?.status === 'DISABLED' && <Alert type="warning" showIcon title="该规则已停用，不能取号" style={{ marginBottom: 12 }} />}
      <Space align="center" wrap style={{ marginBottom: 12 }}>
        <span>数量</span>
        <InputNumber aria-label="取号数量" min={1} max={TAKE_MAX} precision={0} value={count} onChange={setCount} />
        <BusyButton type="primary" busy={taking} disabled={rule?.status === 'DISABLED' || !count} onClick={() => void take()}>
          取号
        </BusyButton>
      </Space>
      <div style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">接下来的编号（预览，不占用）：</Typography.Text>
        <div aria-label="接下来的编号">
          {preview.error ? (
            <Typography.Text type="danger">{errorMessage(preview.error)}</Typography.Text>
          ) : (
            <Typography.Text code>{shown.length ? `${shown.join('、')}${(preview.data?.values.length ?? 0) > shown.length ? ' …' : ''}` : '—'}</Typography.Text>
          )}
          {preview.data?.exhausted && <Typography.Text type="danger"> 本周期剩余的序号不足 {wanted} 个</Typography.Text>}
        </div>
      </div>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {taken.length > 0 && (
        <section aria-label="已取得的编号" style={{ border: '1px solid rgba(5,5,5,0.12)', borderRadius: 6, padding: '8px 12px' }}>
          <Typography.Text strong>已取得 {taken.length} 个编号</Typography.Text>
          <ol style={{ maxHeight: 260, overflow: 'auto', margin: '8px 0 0', paddingLeft: 28 }}>
            {taken.map((value) => (
              <li key={value}>
                <Typography.Text copyable style={{ fontFamily: 'monospace' }}>
                  {value}
                </Typography.Text>
              </li>
            ))}
          </ol>
        </section>
      )}
    </Modal>
  );
}

/** 重置计数: the counter back to the start value, or to a given last value; the rule code is typed to confirm. */
export function SerialResetDialog({ rule, onClose, onReset }: { rule: SerialRule | null; onClose: () => void; onReset: () => void }) {
  const { message } = App.useApp();
  const [confirmCode, setConfirmCode] = useState('');
  const [currentValue, setCurrentValue] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Another rule (or the dialog closed): start again.
  const [ruleShown, setRuleShown] = useState(rule);
  if (ruleShown !== rule) {
    setRuleShown(rule);
    setConfirmCode('');
    setCurrentValue(null);
    setError(null);
  }

  const reset = async () => {
    if (!rule) return;
    setSaving(true);
    setError(null);
    try {
      await serialApi.reset(rule.ruleId, rule.lockVersion, confirmCode.trim(), currentValue);
      message.success('已重置');
      onReset();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!rule}
      title={`重置计数 · ${rule?.ruleName ?? ''}`}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <BusyButton type="primary" danger busy={saving} disabled={confirmCode.trim() !== rule?.ruleCode} onClick={() => void reset()}>
            确定重置
          </BusyButton>
        </Space>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        title="重置后，本周期已经发放过的编号可能再次发放，造成重号。只有在确认旧编号作废或迁移旧系统时才这样做。"
      />
      {rule && (
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label="当前值">{rule.currentValue ?? '尚未取号'}</Descriptions.Item>
          <Descriptions.Item label="当前周期">{rule.currentPeriod ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="格式">
            {SERIAL_DATE_PATTERN_LABELS[rule.datePattern] ?? rule.datePattern}，{SERIAL_RESET_LABELS[rule.resetPeriod] ?? rule.resetPeriod}重置
          </Descriptions.Item>
        </Descriptions>
      )}
      <Space orientation="vertical" style={{ width: '100%' }}>
        <span>重置为（最后一个已发放的序号，留空则下一个编号从起始值 {rule?.startValue ?? ''} 开始）</span>
        <InputNumber aria-label="重置为" min={0} precision={0} value={currentValue} onChange={setCurrentValue} placeholder="留空：从起始值开始" style={{ width: '100%' }} />
        <span>
          请输入规则编码 <Typography.Text code>{rule?.ruleCode}</Typography.Text> 确认
        </span>
        <Input aria-label="确认规则编码" value={confirmCode} onChange={(e) => setConfirmCode(e.target.value)} placeholder={rule?.ruleCode} />
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 12 }} />}
    </Modal>
  );
}

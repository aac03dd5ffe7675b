import { useState } from 'react';
import { Alert, DatePicker, Modal, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import { errorMessage } from '../../../api/http';
import { instantOfPickerValue, pickerNow } from '../../../lib/date';

/**
 * 发布: now, or at a chosen time still to come (the article waits as 待发布 and the scheduled job
 * publishes it). Calls `publish` with the ISO time or null for now; a refusal stays in the dialog.
 */
export function PublishDialog(props: { title: string; open: boolean; onClose(): void; publish(publishTime: string | null): Promise<unknown> }) {
  const [mode, setMode] = useState<'now' | 'later'>('now');
  const [when, setWhen] = useState<Dayjs | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (mode === 'later' && (!when || !when.isAfter(pickerNow()))) {
      setError('定时发布的时间必须晚于当前时间');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.publish(mode === 'later' ? instantOfPickerValue(when!) : null);
      props.onClose();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={`发布文章「${props.title}」`} open={props.open} onCancel={props.onClose} onOk={() => void submit()} okText="发布" confirmLoading={busy} destroyOnHidden>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          options={[
            { value: 'now', label: '立即发布' },
            { value: 'later', label: '定时发布' },
          ]}
        />
        {mode === 'later' && (
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            placeholder="发布时间"
            aria-label="定时发布时间"
            value={when}
            onChange={setWhen}
            disabledDate={(d) => d.isBefore(pickerNow(), 'day')}
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </div>
    </Modal>
  );
}

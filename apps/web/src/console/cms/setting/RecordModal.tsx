import { useState, type ReactNode } from 'react';
import { Alert, Button, Form, Modal, type FormInstance } from 'antd';
import { errorMessage } from '../../../api/http';

export type RecordMode = 'add' | 'upd' | 'detail';

export const TITLE_VERB: Record<RecordMode, (name: string) => string> = {
  add: (name) => `新增${name}`,
  upd: (name) => `修改${name}`,
  detail: (name) => `${name}详情`,
};

export interface RecordModalProps<V> {
  /** 站点 → 新增站点 / 修改站点 / 站点详情. */
  entityName: string;
  mode: RecordMode;
  open: boolean;
  form: FormInstance<V>;
  initialValues?: Partial<V>;
  onClose(): void;
  /** Saves the validated values; a rejection keeps the dialog open with the server's message. */
  onSave(values: V): Promise<unknown>;
  children: ReactNode;
  width?: number;
}

/**
 * The add / edit / detail dialog every 站点设置 tab uses: one form, validated before anything is
 * sent, a disabled 保存 while saving, and the server's refusal shown inside the dialog.
 */
export function RecordModal<V extends object>({ entityName, mode, open, form, initialValues, onClose, onSave, children, width = 720 }: RecordModalProps<V>) {
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const readOnly = mode === 'detail';

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    setSaving(true);
    setFailure(null);
    try {
      await onSave(values);
      onClose();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={TITLE_VERB[mode](entityName)}
      open={open}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={readOnly}
      footer={
        readOnly
          ? [<Button key="close" onClick={onClose}>关闭</Button>]
          : [
              <Button key="cancel" onClick={onClose}>取消</Button>,
              <Button key="save" type="primary" loading={saving} disabled={saving} onClick={() => void submit()}>保存</Button>,
            ]
      }
    >
      {failure && <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} />}
      <Form<V> form={form} layout="vertical" initialValues={initialValues} disabled={readOnly} preserve={false} name={`cms-${entityName}`}>
        {children}
      </Form>
    </Modal>
  );
}

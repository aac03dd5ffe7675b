import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Form, Modal, Space, type FormInstance } from 'antd';
import { ApiError, errorMessage } from '../../api/http';
import { BusyButton } from '../BusyButton';

export interface FormModalProps<V extends object, R> {
  open: boolean;
  title: string;
  /** Prefixes the field ids, so they never clash with a search form's fields of the same name behind the dialog. */
  name: string;
  form: FormInstance<V>;
  /** Values to start from (a record in edit mode, defaults in add mode); the form is built afresh each time the dialog opens. */
  initialValues: Partial<V>;
  /** Saves; a refusal is shown above the buttons (and beside the field the server names). */
  save: (values: V) => Promise<R>;
  onSaved: (result: R) => void;
  onClose: () => void;
  children: ReactNode;
  /** The confirming button's words when the dialog does something other than save (接受, 拒绝 …); 保存 unless given. */
  okText?: string;
  /** What is said once it is done; 保存成功 unless given. */
  doneMessage?: string;
}

/**
 * The add/edit dialog of the dictionary page, in the shared form's style: labels on the left,
 * 保存 disabled with a spinner while saving, a refusal shown where the user looks.
 */
export function FormModal<V extends object, R>({ open, title, name, form, initialValues, save, onSaved, onClose, children, okText = '保存', doneMessage = '保存成功' }: FormModalProps<V, R>) {
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Opened again: no refusal from before.
  const [wasOpen, setWasOpen] = useState(open);
  if (wasOpen !== open) {
    setWasOpen(open);
    if (open) setError(null);
  }

  const submit = async () => {
    let values: V;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their own messages
    }
    setSaving(true);
    setError(null);
    try {
      const result = await save(values);
      message.success(doneMessage);
      onSaved(result);
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError && typeof e.attributes.field === 'string') form.setFields([{ name: e.attributes.field, errors: [e.message] }] as never);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      width={560}
      footer={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <BusyButton type="primary" busy={saving} onClick={() => void submit()}>
            {okText}
          </BusyButton>
        </Space>
      }
    >
      <Form<V>
        name={name}
        form={form}
        initialValues={initialValues}
        layout="horizontal"
        labelCol={{ flex: '100px' }}
        wrapperCol={{ flex: 'auto' }}
        onValuesChange={() => setError(null)}
        preserve={false}
      >
        {children}
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}

import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal } from 'antd';
import { isSafeLink } from '../RichTextView/addresses';

export interface LinkValue {
  href: string;
  /** Shown as the link when nothing was selected. */
  text?: string;
  newWindow: boolean;
}

interface LinkDialogProps {
  open: boolean;
  /** The link under the cursor, when editing one. */
  initial?: { href: string; newWindow: boolean };
  /** True when text is selected: the link goes on it and no text is asked for. */
  hasSelection: boolean;
  zIndex: number;
  onSubmit(value: LinkValue): void;
  onClose(): void;
}

export const LINK_ADDRESS_MESSAGE = '请输入以 http://、https://、mailto: 或 tel: 开头的地址，或以 / 开头的站内路径';

/** The address as typed, with https:// added to a bare domain such as www.example.com. */
export function normaliseLink(raw: string): string {
  const value = raw.trim();
  if (/^[\w-]+(\.[\w-]+)+(\/.*)?$/.test(value) && !value.startsWith('/')) return `https://${value}`;
  return value;
}

/** 插入链接 / 编辑链接. Only addresses the server keeps can be entered (core/richText.ts). */
export function LinkDialog({ open, initial, hasSelection, zIndex, onSubmit, onClose }: LinkDialogProps) {
  const [form] = Form.useForm<{ href: string; text?: string; newWindow: boolean }>();

  useEffect(() => {
    if (open) form.setFieldsValue({ href: initial?.href ?? '', text: '', newWindow: initial?.newWindow ?? true });
  }, [open, initial, form]);

  const submit = async () => {
    let values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is wrong
    }
    onSubmit({ href: normaliseLink(values.href), text: values.text?.trim() || undefined, newWindow: values.newWindow });
  };

  return (
    <Modal
      title={initial ? '编辑链接' : '插入链接'}
      open={open}
      onOk={submit}
      onCancel={onClose}
      okText="确定"
      cancelText="取消"
      zIndex={zIndex + 10}
    >
      <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
        <Form.Item
          name="href"
          label="链接地址"
          rules={[
            { required: true, whitespace: true, message: '请输入链接地址' },
            { validator: (_, value: string) => (!value?.trim() || isSafeLink(normaliseLink(value)) ? Promise.resolve() : Promise.reject(new Error(LINK_ADDRESS_MESSAGE))) },
          ]}
        >
          <Input placeholder="https://" autoFocus maxLength={2000} />
        </Form.Item>
        {hasSelection || initial ? null : (
          <Form.Item name="text" label="链接文字" extra="不填则显示链接地址">
            <Input maxLength={200} />
          </Form.Item>
        )}
        <Form.Item name="newWindow" valuePropName="checked" style={{ marginBottom: 0 }}>
          <Checkbox>在新窗口打开</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Space, Spin, Typography } from 'antd';
import { PASSWORD_MESSAGE, TOTP_CODE_MESSAGE } from '@dandelion/shared/auth/twoFactor';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../api/http';
import { beginEnrol, confirmEnrol, type Enrolment } from '../twoFactorApi';

const codeRules = [{ required: true, pattern: /^\d{6}$/, message: TOTP_CODE_MESSAGE }];

/** The recovery codes, shown once: the user copies or writes them down before closing. */
export function RecoveryCodesModal({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  return (
    <Modal open={!!codes} title="请保存恢复码" onCancel={onClose} footer={<Button type="primary" onClick={onClose}>我已妥善保存</Button>} maskClosable={false}>
      <Alert type="warning" showIcon title="手机丢失或无法使用验证器时，可用恢复码登录。每个恢复码只能使用一次，且只显示这一次。" style={{ marginBottom: 16 }} />
      <div className="dl-recovery-codes" data-testid="recovery-codes">
        {(codes ?? []).map((code) => (
          <Typography.Text key={code} code>
            {code}
          </Typography.Text>
        ))}
      </div>
      <Typography.Paragraph copyable={{ text: (codes ?? []).join('\n'), tooltips: ['复制全部', '已复制'] }} style={{ marginTop: 12 }}>
        复制全部恢复码
      </Typography.Paragraph>
    </Modal>
  );
}

/** 开启两步验证: scan the QR code (or type the key) into an authenticator app, then confirm with its code. */
export function EnrolModal({ open, onClose, onEnrolled }: { open: boolean; onClose: () => void; onEnrolled: (codes: string[]) => void }) {
  const [form] = Form.useForm<{ code: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A new secret each time the dialog opens; never cached.
  const enrolment = useQuery<Enrolment>({ queryKey: ['twoFactor', 'enrol', open], queryFn: beginEnrol, enabled: open, gcTime: 0, staleTime: Infinity, retry: false });

  const submit = async ({ code }: { code: string }) => {
    setBusy(true);
    setError(null);
    try {
      const { recoveryCodes } = await confirmEnrol(code.trim());
      form.resetFields();
      onEnrolled(recoveryCodes);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title="开启两步验证" okText="确认开启" cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph>1. 在手机上安装身份验证器应用（如 Microsoft Authenticator、Google Authenticator、FreeOTP），扫描下方二维码：</Typography.Paragraph>
      <Spin spinning={enrolment.isPending}>
        {enrolment.isError && <Alert type="error" showIcon title={errorMessage(enrolment.error)} />}
        {enrolment.data && (
          <Space direction="vertical" align="center" style={{ width: '100%' }}>
            <img src={enrolment.data.qrCode} alt="两步验证二维码" width={200} height={200} data-testid="two-factor-qr" />
            <Typography.Text type="secondary">无法扫码时，手动输入密钥：</Typography.Text>
            <Typography.Text code copyable={{ text: enrolment.data.manualKey.replace(/\s/g, '') }} data-testid="two-factor-manual-key">
              {enrolment.data.manualKey}
            </Typography.Text>
          </Space>
        )}
      </Spin>
      <Typography.Paragraph style={{ marginTop: 16 }}>2. 输入应用上显示的 6 位动态验证码：</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} name="two-factor-enrol" onFinish={submit}>
        <Form.Item name="code" rules={codeRules}>
          <Input placeholder="6 位数字" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A dialog asking for the current code (and the password when `withPassword`) before a change. */
export function CodeModal({ open, title, okText, withPassword, onClose, onSubmit }: {
  open: boolean;
  title: string;
  okText: string;
  withPassword?: boolean;
  onClose: () => void;
  onSubmit: (values: { code: string; password?: string }) => Promise<void>;
}) {
  const [form] = Form.useForm<{ code: string; password?: string }>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: { code: string; password?: string }) => {
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ ...values, code: values.code.trim() });
      form.resetFields();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={title} okText={okText} cancelText="取消" confirmLoading={busy} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      <Form form={form} name="two-factor-code" layout="vertical" onFinish={submit}>
        {withPassword && (
          <Form.Item label="登录密码" name="password" rules={[{ required: true, message: PASSWORD_MESSAGE }]}>
            <Input.Password autoComplete="current-password" maxLength={128} />
          </Form.Item>
        )}
        <Form.Item label="动态验证码" name="code" rules={codeRules}>
          <Input placeholder="6 位数字" inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

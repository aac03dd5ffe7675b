import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE } from '@dandelion/shared/auth/twoFactor';
import { verifyTwoFactor, type LoginResult, type SecondStepDue } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { BusyButton } from '../../components/BusyButton';

interface StepValues {
  code?: string;
  recoveryCode?: string;
  rememberDevice?: boolean;
}

/**
 * The sign-in's second step after a right password (or SMS code) of an account with two-factor sign-in:
 * the 6-digit code of the authenticator app, or one of the recovery codes; optionally "remember this device".
 */
export function TwoFactorStep({ due, name, onSignedIn, onBack }: { due: SecondStepDue; name: string; onSignedIn: (result: LoginResult) => void; onBack: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm<StepValues>();

  const onFinish = async (values: StepValues) => {
    setBusy(true);
    setError(null);
    try {
      const result = await verifyTwoFactor(
        {
          challenge: due.challenge,
          ...(useRecovery ? { recoveryCode: values.recoveryCode!.trim() } : { code: values.code!.trim() }),
          rememberDevice: !!values.rememberDevice,
        },
        name,
      );
      onSignedIn(result);
    } catch (e) {
      setError(errorMessage(e));
      form.resetFields(['code', 'recoveryCode']);
      setBusy(false);
    }
  };

  return (
    <div data-testid="two-factor-step">
      <Typography.Title level={4} style={{ textAlign: 'center' }}>
        <SafetyOutlined /> 两步验证
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
        {useRecovery ? '请输入一个未使用过的恢复码，每个恢复码只能使用一次。' : '请打开手机上的身份验证器应用，输入显示的 6 位动态验证码。'}
      </Typography.Paragraph>
      {error && <Alert className="dl-auth-alert" type="error" showIcon title={error} role="alert" />}
      <Form<StepValues> form={form} name="twoFactor" layout="vertical" requiredMark={false} size="large" onFinish={onFinish}>
        {useRecovery ? (
          <Form.Item label="恢复码" name="recoveryCode" rules={[{ required: true, whitespace: true, message: RECOVERY_CODE_MESSAGE }]}>
            <Input placeholder="例如 abcde-fghij" autoComplete="off" maxLength={32} autoFocus />
          </Form.Item>
        ) : (
          <Form.Item label="动态验证码" name="code" rules={[{ required: true, pattern: /^\d{6}$/, message: TOTP_CODE_MESSAGE }]}>
            <Input placeholder="6 位数字" autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
          </Form.Item>
        )}
        {due.rememberDays > 0 && (
          <Form.Item name="rememberDevice" valuePropName="checked">
            <Checkbox>记住此设备，{due.rememberDays} 天内在本浏览器登录无需动态验证码</Checkbox>
          </Form.Item>
        )}
        <Form.Item className="dl-auth-submit">
          <BusyButton type="primary" htmlType="submit" block busy={busy}>
            验证并登录
          </BusyButton>
        </Form.Item>
        <div className="dl-auth-footer">
          <Button type="link" onClick={onBack}>
            返回重新登录
          </Button>
          <Button
            type="link"
            onClick={() => {
              setUseRecovery((r) => !r);
              setError(null);
            }}
          >
            {useRecovery ? '使用动态验证码' : '无法使用验证器？使用恢复码'}
          </Button>
        </div>
      </Form>
    </div>
  );
}

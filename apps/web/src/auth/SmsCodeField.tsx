import { App, Form, Input, Space, type FormInstance } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { sendSmsCode, type SmsPurpose } from '../api/auth';
import { BusyButton } from '../components/BusyButton';
import { useSmsSender } from './useSmsSender';

interface SmsCodeFieldProps {
  form: FormInstance;
  /** Name of the form's phone field; it is validated before a code is sent. */
  phoneField: string;
  /** Name of the code field itself. */
  name: string;
  label: string;
  /** Id of the code input, so the label points at it (antd ids are `${formName}_${name}`). */
  inputId: string;
  requiredMessage: string;
  /** What the code is for; the server only accepts it for that purpose. */
  purpose: SmsPurpose;
  size?: 'large' | 'medium';
  /**
   * Sends the code another way than /rest/captcha/sms (registration: behind an image captcha), with
   * the values of the phone and `alsoValidate` fields. Called after every attempt, sent or refused.
   */
  sendCode?: (values: Record<string, string>) => Promise<{ resendIn: number } | null | undefined>;
  /**
   * Fields that must be filled before a code is sent, though not to submit the form (the image
   * captcha's answer: it is spent by the request for the code).
   */
  alsoRequire?: ReadonlyArray<{ name: string; message: string }>;
  onAttempt?: () => void;
}

/** A code input with a 获取验证码 button that sends an SMS to the phone field, then counts down. */
export function SmsCodeField({ form, phoneField, name, label, inputId, requiredMessage, purpose, size, sendCode, alsoRequire = [], onAttempt }: SmsCodeFieldProps) {
  const { message } = App.useApp();
  const { secondsLeft, sending, send: sendWith } = useSmsSender((kind, text) => void message[kind](text));

  const send = async () => {
    let phone: string;
    try {
      phone = ((await form.validateFields([phoneField]))[phoneField] as string).trim();
    } catch {
      return; // the phone field shows its own message
    }
    const values: Record<string, string> = { [phoneField]: phone };
    const missing = alsoRequire.filter(({ name: field }) => {
      values[field] = String(form.getFieldValue(field) ?? '').trim();
      return !values[field];
    });
    if (missing.length > 0) {
      form.setFields(missing.map(({ name: field, message: error }) => ({ name: field, errors: [error] })));
      return;
    }
    try {
      await sendWith(() => (sendCode ? sendCode(values) : sendSmsCode(phone, purpose)));
    } finally {
      onAttempt?.();
    }
  };

  return (
    <Form.Item label={label} htmlFor={inputId} required>
      <Space.Compact block>
        <Form.Item name={name} noStyle rules={[{ required: true, whitespace: true, message: requiredMessage }]}>
          <Input
            id={inputId}
            size={size}
            prefix={<SafetyCertificateOutlined />}
            placeholder="请输入短信验证码"
            maxLength={8}
            inputMode="numeric"
            autoComplete="one-time-code"
          />
        </Form.Item>
        <BusyButton size={size} onClick={send} busy={sending} disabled={secondsLeft > 0} className="dl-sms-button">
          {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
        </BusyButton>
      </Space.Compact>
    </Form.Item>
  );
}

import { sendSmsCode } from '../../api/auth';
import { PlainButton, PlainField, PlainInput, toast } from '../../components/plain';
import { useSmsSender } from '../useSmsSender';

interface LoginSmsCodeFieldProps {
  inputId: string;
  /** The code's value, handlers and message (usePlainForm's `field`). */
  code: { value: string; error?: string; onValue: (value: string) => void; onBlur: () => void };
  /** Checks the phone field (showing its message) and answers the number, or null when it is not right. */
  checkedPhone: () => string | null;
}

/**
 * 验证码 of the phone sign-in, with plain elements: the code input and 获取验证码, which sends a LOGIN
 * code to the phone field's number (checked first), then counts down before another may be asked for.
 * Registration and password reset use the antd field of the same behaviour (auth/SmsCodeField).
 */
export function LoginSmsCodeField({ inputId, code, checkedPhone }: LoginSmsCodeFieldProps) {
  const { secondsLeft, sending, send: sendWith } = useSmsSender(toast);

  const send = async () => {
    const phone = checkedPhone();
    if (!phone) return; // the phone field shows its own message
    await sendWith(() => sendSmsCode(phone, 'LOGIN'));
  };

  return (
    <PlainField inputId={inputId} label="验证码" error={code.error}>
      <div className="dl-plain-compact">
        <PlainInput
          id={inputId}
          prefix="safetyCertificate"
          placeholder="请输入短信验证码"
          maxLength={8}
          inputMode="numeric"
          autoComplete="one-time-code"
          {...code}
        />
        <PlainButton onClick={() => void send()} busy={sending} disabled={secondsLeft > 0} className="dl-sms-button">
          {secondsLeft > 0 ? `${secondsLeft} 秒后重新获取` : '获取验证码'}
        </PlainButton>
      </div>
    </PlainField>
  );
}

import { useState } from 'react';
import { sendSmsCode } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { useCountdown } from '../../lib/useCountdown';
import { PlainButton, PlainField, PlainInput, toast } from '../../components/plain';

/** Seconds before another code may be requested, unless the server says otherwise (`resendIn`). */
const RESEND_SECONDS = 60;

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
  const [secondsLeft, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    const phone = checkedPhone();
    if (!phone) return; // the phone field shows its own message
    setSending(true);
    try {
      const sent = await sendSmsCode(phone, 'LOGIN');
      toast('success', '验证码已发送，请注意查收');
      startCountdown(sent && sent.resendIn > 0 ? sent.resendIn : RESEND_SECONDS);
    } catch (error) {
      toast('error', errorMessage(error));
    } finally {
      setSending(false);
    }
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

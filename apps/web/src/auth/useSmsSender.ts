import { useState } from 'react';
import { errorMessage } from '../api/http';
import { useCountdown } from '../lib/useCountdown';

/** Seconds before another code may be requested, unless the server says otherwise (`resendIn`). */
const RESEND_SECONDS = 60;

type Notify = (kind: 'success' | 'error', text: string) => void;

/**
 * 获取验证码's sending and countdown, shared by the antd field (registration, password reset, personal
 * centre) and the plain one of the sign-in page: each says how it shows the outcome.
 */
export function useSmsSender(notify: Notify) {
  const [secondsLeft, startCountdown] = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async (request: () => Promise<{ resendIn: number } | null | undefined>) => {
    setSending(true);
    try {
      const sent = await request();
      notify('success', '验证码已发送，请注意查收');
      startCountdown(sent && sent.resendIn > 0 ? sent.resendIn : RESEND_SECONDS);
    } catch (error) {
      notify('error', errorMessage(error));
    } finally {
      setSending(false);
    }
  };
  return { secondsLeft, sending, send };
}

import { useState, type FormEvent } from 'react';
import { RECOVERY_CODE_MESSAGE, TOTP_CODE_MESSAGE } from '@dandelion/shared/auth/twoFactor';
import { verifyTwoFactor, type LoginResult, type SecondStepDue } from '../../api/auth';
import { errorMessage } from '../../api/http';
import {
  PlainButton,
  PlainCheckbox,
  PlainErrorAlert,
  PlainField,
  PlainIcon,
  PlainInput,
  matching,
  required,
  usePlainForm,
} from '../../components/plain';
import '../auth-page.css';
import './two-factor.css';

type StepField = 'code' | 'recoveryCode';

const CHECKS = {
  code: [matching(/^\d{6}$/, TOTP_CODE_MESSAGE)],
  recoveryCode: [required(RECOVERY_CODE_MESSAGE)],
} as const;

/**
 * The sign-in's second step after a right password (or SMS code) of an account with two-factor sign-in:
 * the 6-digit code of the authenticator app, or one of the recovery codes; optionally "remember this device".
 * Plain elements: it shows on the sign-in page (no antd) and in the login dialog alike.
 */
export function TwoFactorStep({ due, name, onSignedIn, onBack }: { due: SecondStepDue; name: string; onSignedIn: (result: LoginResult) => void; onBack: () => void }) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [rememberDevice, setRememberDevice] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = usePlainForm<StepField>();
  const shown: StepField = useRecovery ? 'recoveryCode' : 'code';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || !form.validate({ [shown]: CHECKS[shown] })) return;
    setBusy(true);
    setError(null);
    try {
      const result = await verifyTwoFactor(
        {
          challenge: due.challenge,
          ...(useRecovery ? { recoveryCode: form.text('recoveryCode') } : { code: form.text('code') }),
          rememberDevice,
        },
        name,
      );
      onSignedIn(result);
    } catch (e) {
      setError(errorMessage(e));
      form.setValue('code', '');
      form.setValue('recoveryCode', '');
      setBusy(false);
    }
  };

  return (
    <div data-testid="two-factor-step" className="dl-two-factor">
      <h2 className="dl-two-factor__title">
        <PlainIcon name="safety" /> 两步验证
      </h2>
      <p className="dl-two-factor__hint">
        {useRecovery ? '请输入一个未使用过的恢复码，每个恢复码只能使用一次。' : '请打开手机上的身份验证器应用，输入显示的 6 位动态验证码。'}
      </p>
      {error && <PlainErrorAlert className="dl-auth-alert">{error}</PlainErrorAlert>}
      <form name="twoFactor" noValidate onSubmit={(e) => void onSubmit(e)}>
        {useRecovery ? (
          <PlainField inputId="twoFactor_recoveryCode" label="恢复码" error={form.errors.recoveryCode}>
            <PlainInput
              id="twoFactor_recoveryCode"
              placeholder="例如 abcde-fghij"
              autoComplete="off"
              maxLength={32}
              autoFocus
              {...form.field('recoveryCode', CHECKS.recoveryCode)}
            />
          </PlainField>
        ) : (
          <PlainField inputId="twoFactor_code" label="动态验证码" error={form.errors.code}>
            <PlainInput
              id="twoFactor_code"
              placeholder="6 位数字"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              autoFocus
              {...form.field('code', CHECKS.code)}
            />
          </PlainField>
        )}
        {due.rememberDays > 0 && (
          <div className="dl-plain-field">
            <PlainCheckbox checked={rememberDevice} onChange={setRememberDevice}>
              记住此设备，{due.rememberDays} 天内在本浏览器登录无需动态验证码
            </PlainCheckbox>
          </div>
        )}
        <PlainButton type="submit" variant="primary" block busy={busy} className="dl-auth-submit">
          验证并登录
        </PlainButton>
        <div className="dl-auth-footer">
          <PlainButton variant="link" onClick={onBack}>
            返回重新登录
          </PlainButton>
          <PlainButton
            variant="link"
            onClick={() => {
              setUseRecovery((r) => !r);
              setError(null);
              form.clearErrors();
            }}
          >
            {useRecovery ? '使用动态验证码' : '无法使用验证器？使用恢复码'}
          </PlainButton>
        </div>
      </form>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { rules } from '@dandelion/shared';
import { CAPTCHA_ANSWER_MESSAGE } from '@dandelion/shared/auth/register';
import {
  fetchThirdLoginUser,
  inspectLogin,
  loginByAccount,
  loginByPhone,
  validateCasTicket,
  type LoginResult,
  type SecondStepDue,
  type SignInOutcome,
} from '../../api/auth';
import { ApiError, errorMessage } from '../../api/http';
import { useSessionStore, type SignInMethod } from '../../api/session';
import {
  BusyOverlay,
  PlainButton,
  PlainCheckbox,
  PlainErrorAlert,
  PlainField,
  PlainInput,
  PlainPasswordInput,
  PlainTabs,
  required,
  sharedRule,
  toast,
  usePlainForm,
  type FieldChecks,
  type PlainForm,
} from '../../components/plain';
import { safeRedirect } from '../../lib/redirect';
import { readRememberedLogin, writeRememberedLogin, type RememberedLogin } from '../remember';
import { AuthBrand } from '../AuthBrand';
import { LoginCaptchaField } from './LoginCaptchaField';
import { LoginSmsCodeField } from './LoginSmsCodeField';
import { ExternalSignIn } from './ExternalSignIn';
import { takeSsoRedirect } from './ssoRedirect';
import { TwoFactorStep } from './TwoFactorStep';
import { landAfterSignIn } from '../../console/afterSignIn';
import '../auth-page.css';
import './login-page.css';

type LoginTab = RememberedLogin['tab'];

type LoginField = 'username' | 'password' | 'captchaCode' | 'phone' | 'code';

/** The checks of each field, with the messages the antd form showed (the phone's from the shared contracts). */
const CHECKS = {
  username: [required('请输入用户名')],
  password: [required('请输入密码', { whitespace: false })],
  captchaCode: [required(CAPTCHA_ANSWER_MESSAGE)],
  phone: [required('请输入手机号'), sharedRule(rules.mobile)],
  code: [required('请输入验证码')],
} as const satisfies FieldChecks<LoginField>;

/** Where a signed-in user goes when the login page was opened without a `redirect`. */
export const AFTER_LOGIN_PATH = '/center';

/** Delay between leaving the user-name field and the pre-login check. */
const INSPECT_DELAY_MS = 300;

/** 账号已锁定 text for a lock the pre-check reported (the refusal itself carries the server's message). */
export function lockedMessage(seconds: number): string {
  return `登录失败次数过多，账号在当前网络已锁定，请在 ${Math.max(1, Math.ceil(seconds / 60))} 分钟后重试，或使用手机验证码登录`;
}

function AccountFields({ form, captcha, captchaRound, onCaptchaImage, onUsernameBlur }: {
  form: PlainForm<LoginField>;
  captcha: boolean;
  captchaRound: number;
  onCaptchaImage: (captchaKey: string | undefined) => void;
  onUsernameBlur: () => void;
}) {
  const username = form.field('username', CHECKS.username);
  return (
    <>
      <PlainField inputId="login_username" label="用户名" error={username.error}>
        <PlainInput
          id="login_username"
          prefix="user"
          placeholder="请输入用户名或手机号"
          autoComplete="username"
          maxLength={64}
          {...username}
          onBlur={() => {
            username.onBlur();
            onUsernameBlur();
          }}
        />
      </PlainField>
      <PlainField inputId="login_password" label="密码" error={form.errors.password}>
        <PlainPasswordInput
          id="login_password"
          prefix="lock"
          placeholder="请输入密码"
          autoComplete="current-password"
          {...form.field('password', CHECKS.password)}
        />
      </PlainField>
      {captcha && (
        <LoginCaptchaField
          inputId="login_captchaCode"
          answer={form.field('captchaCode', CHECKS.captchaCode)}
          refreshSignal={captchaRound}
          onImage={onCaptchaImage}
        />
      )}
    </>
  );
}

function PhoneFields({ form }: { form: PlainForm<LoginField> }) {
  return (
    <>
      <PlainField inputId="login_phone" label="手机号" error={form.errors.phone}>
        <PlainInput
          id="login_phone"
          prefix="mobile"
          placeholder="请输入手机号"
          autoComplete="tel"
          inputMode="tel"
          maxLength={11}
          {...form.field('phone', CHECKS.phone)}
        />
      </PlainField>
      <LoginSmsCodeField
        inputId="login_code"
        code={form.field('code', CHECKS.code)}
        checkedPhone={() => (form.validate({ phone: CHECKS.phone }) ? form.text('phone') : null)}
      />
    </>
  );
}

/** The CAS ticket of the return leg `/login?sso=cas&ticket=…`, or null. */
const casTicket = (params: URLSearchParams) => (params.get('sso') === 'cas' ? params.get('ticket') : null);

/** The captcha flag of a refused sign-in (`attributes.captchaRequired`), when it says anything. */
function captchaFlag(error: unknown): boolean | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const flag = error.attributes.captchaRequired;
  if (typeof flag === 'boolean') return flag;
  return error.code === 'CAPTCHA_REQUIRED' || error.code === 'CAPTCHA_WRONG' ? true : undefined;
}

/**
 * /login (spec §2, §4, §5, §7 Authentication): account or phone-code sign-in, the image captcha
 * when the server asks for it, CAS and third-party entries when configured, and the return legs of
 * those (`thirdLoginId`, `thirdLoginError`, `sso=cas&ticket`).
 */
export default function LoginPage() {
  const [remembered] = useState(readRememberedLogin);
  const [tab, setTab] = useState<LoginTab>(remembered?.tab ?? 'account');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [inspectName, setInspectName] = useState(remembered?.tab === 'account' ? remembered.name : '');
  /** What the last refusal said about the captcha; undefined until a refusal says something. */
  const [refusalCaptcha, setRefusalCaptcha] = useState<boolean | undefined>(undefined);
  const [captchaRound, setCaptchaRound] = useState(0);
  /** The password (or SMS code) was right and the account asks for its second factor. */
  const [secondStep, setSecondStep] = useState<{ due: SecondStepDue; name: string; method: SignInMethod } | null>(null);
  const form = usePlainForm<LoginField>({
    username: remembered?.tab === 'account' ? remembered.name : undefined,
    phone: remembered?.tab === 'phone' ? remembered.name : undefined,
  });
  const [remember, setRemember] = useState(!!remembered);
  /** The key of the captcha image shown; its answer goes with it. */
  const [captchaKey, setCaptchaKey] = useState<string | undefined>(undefined);
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  // The return leg of third-party or CAS sign-in is under way from the first render on.
  const [externalPending, setExternalPending] = useState(() => !!searchParams.get('thirdLoginId') || !!casTicket(searchParams));
  const signIn = useSessionStore((s) => s.signIn);
  const inspectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const redirectParam = searchParams.get('redirect');
  const redirect = safeRedirect(redirectParam, AFTER_LOGIN_PATH);

  const inspection = useQuery({
    queryKey: ['auth', 'inspect', inspectName],
    queryFn: ({ signal }) => inspectLogin(inspectName || undefined, { signal }),
    staleTime: 0,
    // Keep the tabs and sign-in buttons steady while another name is checked.
    placeholderData: keepPreviousData,
  });
  const smsEnabled = !inspection.data || inspection.data.loginTypes.includes('SMS');
  const activeTab: LoginTab = smsEnabled ? tab : 'account';
  const captchaShown = refusalCaptcha ?? inspection.data?.captchaRequired ?? false;
  const lockNotice =
    inspection.data?.locked && inspection.data.lockedForSeconds > 0 ? lockedMessage(inspection.data.lockedForSeconds) : null;

  useEffect(() => () => clearTimeout(inspectTimer.current), []);

  const onUsernameBlur = () => {
    clearTimeout(inspectTimer.current);
    const name = form.text('username');
    inspectTimer.current = setTimeout(() => {
      if (name !== inspectName) {
        setRefusalCaptcha(undefined);
        setInspectName(name);
      }
    }, INSPECT_DELAY_MS);
  };

  const complete = useCallback(
    (result: LoginResult, method: SignInMethod, to: string | null = redirectParam ? redirect : null) => {
      signIn(result.token, result.userInfo, method);
      toast('success', '登录成功');
      void landAfterSignIn(to, navigate);
    },
    [signIn, navigate, redirectParam, redirect],
  );

  // The return legs of third-party and CAS sign-in, for the address the page opened with. A one-time
  // login record can be read once only, so the effect acts once per page even when React runs it again.
  const handledExternal = useRef(false);
  useEffect(() => {
    if (handledExternal.current) return;
    handledExternal.current = true;
    const thirdLoginId = searchParams.get('thirdLoginId');
    const thirdLoginError = searchParams.get('thirdLoginError');
    const ticket = casTicket(searchParams);
    if (!thirdLoginId && !thirdLoginError && !ticket) return;
    // Drop the one-time parameters from the address bar; keep `redirect`.
    const cleaned = new URLSearchParams();
    if (redirectParam) cleaned.set('redirect', redirectParam);
    const fail = (text: string) => {
      setError(text);
      setExternalPending(false);
      setSearchParams(cleaned, { replace: true });
    };
    if (thirdLoginError) {
      fail(thirdLoginError);
      return;
    }
    if (thirdLoginId) {
      fetchThirdLoginUser(thirdLoginId).then(
        (result) => complete(result, 'oauth'),
        (e: unknown) => fail(errorMessage(e)),
      );
    } else if (ticket) {
      const back = takeSsoRedirect() ?? redirectParam;
      const to = back ? safeRedirect(back, AFTER_LOGIN_PATH) : null;
      validateCasTicket(ticket).then(
        (result) => complete(result, 'cas', to),
        (e: unknown) => fail(errorMessage(e)),
      );
    }
  }, [complete, redirectParam, searchParams, setSearchParams]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (submitting || externalPending) return;
    const checks: FieldChecks<LoginField> =
      activeTab === 'account'
        ? { username: CHECKS.username, password: CHECKS.password, ...(captchaShown ? { captchaCode: CHECKS.captchaCode } : {}) }
        : { phone: CHECKS.phone, code: CHECKS.code };
    if (!form.validate(checks)) return;
    setSubmitting(true);
    setError(null);
    try {
      let result: SignInOutcome;
      if (activeTab === 'account') {
        result = await loginByAccount({
          username: form.text('username'),
          password: form.values.password ?? '',
          ...(captchaShown && captchaKey ? { captchaKey, captchaCode: form.text('captchaCode') } : {}),
        });
      } else {
        result = await loginByPhone({ phone: form.text('phone'), code: form.text('code') });
      }
      const name = activeTab === 'account' ? form.text('username') : form.text('phone');
      writeRememberedLogin(remember ? { tab: activeTab, name } : null);
      const method: SignInMethod = activeTab === 'account' ? 'password' : 'sms';
      if ('twoFactorRequired' in result) {
        setSecondStep({ due: result, name, method });
        setSubmitting(false);
        return;
      }
      complete(result, method);
    } catch (e) {
      setError(errorMessage(e));
      if (activeTab === 'account') {
        const flag = captchaFlag(e);
        if (flag !== undefined) setRefusalCaptcha(flag);
        // A captcha is good for one attempt: show a fresh one after every refusal.
        if (captchaShown || flag) setCaptchaRound((r) => r + 1);
      }
      setSubmitting(false);
    }
  };

  const shownError = error ?? (activeTab === 'account' ? lockNotice : null);

  const tabs: { key: LoginTab; label: string }[] = [
    { key: 'account', label: '账号登录' },
    ...(smsEnabled ? [{ key: 'phone' as const, label: '手机号登录' }] : []),
  ];

  return (
    <main className="dl-auth-page dl-login">
      <div className="dl-auth-card dl-login-card">
        <BusyOverlay busy={externalPending} text="正在登录…">
          <AuthBrand subtitle="科技奖励申报与评审平台" />
          {secondStep && (
            <TwoFactorStep
              due={secondStep.due}
              name={secondStep.name}
              onSignedIn={(result) => complete(result, secondStep.method)}
              onBack={() => {
                setSecondStep(null);
                setError(null);
              }}
            />
          )}
          {!secondStep && shownError && <PlainErrorAlert className="dl-auth-alert">{shownError}</PlainErrorAlert>}
          <form name="login" noValidate hidden={!!secondStep} onSubmit={(e) => void onSubmit(e)}>
            <PlainTabs
              idPrefix="login"
              items={tabs}
              activeKey={activeTab}
              onChange={(key) => {
                setTab(key);
                setError(null);
                form.clearErrors();
              }}
            />
            {/* Only the visible tab's fields are mounted, so only they are checked. */}
            <div role="tabpanel" id={`login-panel-${activeTab}`} aria-labelledby={`login-tab-${activeTab}`}>
              {activeTab === 'account' ? (
                <AccountFields
                  form={form}
                  captcha={captchaShown}
                  captchaRound={captchaRound}
                  onCaptchaImage={(key) => {
                    setCaptchaKey(key);
                    form.setValue('captchaCode', '');
                  }}
                  onUsernameBlur={onUsernameBlur}
                />
              ) : (
                <PhoneFields form={form} />
              )}
            </div>
            <div className="dl-auth-footer">
              <PlainCheckbox checked={remember} onChange={setRemember}>
                记住我
              </PlainCheckbox>
              <Link to="/forgotPassword">忘记密码?</Link>
            </div>
            <PlainButton type="submit" variant="primary" block busy={submitting} disabled={externalPending} className="dl-auth-submit">
              登录
            </PlainButton>
            <div className="dl-auth-footer dl-auth-footer--center">
              <span>
                没有账号？<Link to="/enroll" className="dl-text-link">立即注册</Link>
              </span>
            </div>
          </form>
          <ExternalSignIn extra={inspection.data?.extra} redirect={redirectParam ? redirect : null} disabled={externalPending} />
        </BusyOverlay>
      </div>
    </main>
  );
}

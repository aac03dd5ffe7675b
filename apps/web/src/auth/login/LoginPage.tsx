import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert, App, Card, Checkbox, Form, Input, Spin, Tabs, type FormInstance } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { rules, toFormRule } from '@dandelion/shared';
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
import { BusyButton } from '../../components/BusyButton';
import { safeRedirect } from '../../lib/redirect';
import { readRememberedLogin, writeRememberedLogin, type RememberedLogin } from '../remember';
import { AuthBrand } from '../AuthBrand';
import { SmsCodeField } from '../SmsCodeField';
import { CaptchaField } from './CaptchaField';
import { ExternalSignIn } from './ExternalSignIn';
import { takeSsoRedirect } from './ssoRedirect';
import { TwoFactorStep } from './TwoFactorStep';
import { landAfterSignIn } from '../../console/afterSignIn';
import '../auth-page.css';

type LoginTab = RememberedLogin['tab'];

interface LoginValues {
  username?: string;
  password?: string;
  captchaKey?: string;
  captchaCode?: string;
  phone?: string;
  code?: string;
  remember?: boolean;
}

/** Where a signed-in user goes when the login page was opened without a `redirect`. */
export const AFTER_LOGIN_PATH = '/center';

/** Delay between leaving the user-name field and the pre-login check. */
const INSPECT_DELAY_MS = 300;

/** 账号已锁定 text for a lock the pre-check reported (the refusal itself carries the server's message). */
export function lockedMessage(seconds: number): string {
  return `登录失败次数过多，账号在当前网络已锁定，请在 ${Math.max(1, Math.ceil(seconds / 60))} 分钟后重试，或使用手机验证码登录`;
}

function AccountFields({ form, captcha, captchaRound, onUsernameBlur }: {
  form: FormInstance<LoginValues>;
  captcha: boolean;
  captchaRound: number;
  onUsernameBlur: () => void;
}) {
  return (
    <>
      <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input
          prefix={<UserOutlined />}
          placeholder="请输入用户名或手机号"
          autoComplete="username"
          maxLength={64}
          onBlur={onUsernameBlur}
        />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
      {captcha && <CaptchaField form={form} refreshSignal={captchaRound} />}
    </>
  );
}

function PhoneFields({ form }: { form: FormInstance<LoginValues> }) {
  return (
    <>
      <Form.Item
        label="手机号"
        name="phone"
        rules={[{ required: true, whitespace: true, message: '请输入手机号' }, toFormRule(rules.mobile)]}
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" inputMode="tel" maxLength={11} />
      </Form.Item>
      <SmsCodeField
        form={form}
        phoneField="phone"
        name="code"
        label="验证码"
        inputId="login_code"
        requiredMessage="请输入验证码"
        purpose="LOGIN"
        size="large"
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
  const [form] = Form.useForm<LoginValues>();
  const { message } = App.useApp();
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
    inspectTimer.current = setTimeout(() => {
      const name = (form.getFieldValue('username') as string | undefined)?.trim() ?? '';
      if (name !== inspectName) {
        setRefusalCaptcha(undefined);
        setInspectName(name);
      }
    }, INSPECT_DELAY_MS);
  };

  const complete = useCallback(
    (result: LoginResult, method: SignInMethod, to: string | null = redirectParam ? redirect : null) => {
      signIn(result.token, result.userInfo, method);
      message.success('登录成功');
      void landAfterSignIn(to, navigate);
    },
    [signIn, message, navigate, redirectParam, redirect],
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

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    setError(null);
    try {
      let result: SignInOutcome;
      if (activeTab === 'account') {
        result = await loginByAccount({
          username: values.username!.trim(),
          password: values.password!,
          ...(captchaShown && values.captchaKey
            ? { captchaKey: values.captchaKey, captchaCode: values.captchaCode?.trim() }
            : {}),
        });
      } else {
        result = await loginByPhone({ phone: values.phone!.trim(), code: values.code!.trim() });
      }
      const name = activeTab === 'account' ? values.username!.trim() : values.phone!.trim();
      writeRememberedLogin(values.remember ? { tab: activeTab, name } : null);
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

  return (
    <main className="dl-auth-page">
      <Card className="dl-auth-card">
        <Spin spinning={externalPending} description="正在登录…">
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
          {!secondStep && shownError && (
            <Alert className="dl-auth-alert" type="error" showIcon title={shownError} role="alert" />
          )}
          <Form<LoginValues>
            hidden={!!secondStep}
            form={form}
            name="login"
            layout="vertical"
            requiredMark={false}
            size="large"
            onFinish={onFinish}
            initialValues={{
              remember: !!remembered,
              username: remembered?.tab === 'account' ? remembered.name : undefined,
              phone: remembered?.tab === 'phone' ? remembered.name : undefined,
            }}
          >
            {/* destroyOnHidden: the hidden tab's fields unmount, so only the visible ones are validated. */}
            <Tabs
              centered
              destroyOnHidden
              activeKey={activeTab}
              onChange={(key) => {
                setTab(key as LoginTab);
                setError(null);
              }}
              items={[
                {
                  key: 'account',
                  label: '账号登录',
                  children: (
                    <AccountFields
                      form={form}
                      captcha={captchaShown}
                      captchaRound={captchaRound}
                      onUsernameBlur={onUsernameBlur}
                    />
                  ),
                },
                ...(smsEnabled ? [{ key: 'phone', label: '手机号登录', children: <PhoneFields form={form} /> }] : []),
              ]}
            />
            <div className="dl-auth-footer">
              <Form.Item name="remember" valuePropName="checked" noStyle>
                <Checkbox>记住我</Checkbox>
              </Form.Item>
              <Link to="/forgotPassword">忘记密码?</Link>
            </div>
            <Form.Item className="dl-auth-submit">
              <BusyButton type="primary" htmlType="submit" block busy={submitting} disabled={externalPending}>
                登录
              </BusyButton>
            </Form.Item>
            <div className="dl-auth-footer dl-auth-footer--center">
              <span>
                没有账号？<Link to="/enroll" className="dl-text-link">立即注册</Link>
              </span>
            </div>
          </Form>
          <ExternalSignIn extra={inspection.data?.extra} redirect={redirectParam ? redirect : null} disabled={externalPending} />
        </Spin>
      </Card>
    </main>
  );
}

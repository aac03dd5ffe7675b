import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, App, Form, Input, Modal } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginByAccount, type LoginResult, type SecondStepDue } from '../../api/auth';
import { ApiError, errorMessage } from '../../api/http';
import { useSessionStore } from '../../api/session';
import { landAfterSignIn } from '../../console/afterSignIn';
import { useConsoleStore } from '../../api/consoleStore';
import { CaptchaField } from './CaptchaField';
import { takeLoginReturnTo } from './loginReturn';
import { TwoFactorStep } from './TwoFactorStep';

interface DialogValues {
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
}

/**
 * The login dialog a 401 opens (spec §4, §8): sign in again without losing the place in the site.
 * Phone, SSO and third-party sign-in stay on the full login page, linked below the form.
 */
export function LoginDialog() {
  const open = useConsoleStore((s) => s.loginVisible);
  const setOpen = useConsoleStore((s) => s.setLoginVisible);
  const signIn = useSessionStore((s) => s.signIn);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<DialogValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [captcha, setCaptcha] = useState(false);
  const [captchaRound, setCaptchaRound] = useState(0);
  /** The account asks for its second factor: the dialog shows that step instead of the form. */
  const [secondStep, setSecondStep] = useState<{ due: SecondStepDue; name: string } | null>(null);

  const finish = async (result: LoginResult) => {
    signIn(result.token, result.userInfo, 'password');
    setOpen(false);
    setSecondStep(null);
    form.resetFields();
    message.success('登录成功');
    const back = takeLoginReturnTo();
    await landAfterSignIn(back, navigate);
  };

  const submit = async (values: DialogValues) => {
    setBusy(true);
    setError(null);
    try {
      const result = await loginByAccount(values);
      if ('twoFactorRequired' in result) setSecondStep({ due: result, name: values.username });
      else await finish(result);
    } catch (e) {
      setError(errorMessage(e));
      if (e instanceof ApiError && e.attributes.captchaRequired === true) setCaptcha(true);
      setCaptchaRound((n) => n + 1);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="登录已失效，请重新登录"
      okText="登录"
      cancelText="取消"
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={() => {
        setOpen(false);
        setSecondStep(null);
      }}
      destroyOnHidden
      width={400}
      footer={secondStep ? null : undefined}
    >
      {secondStep ? (
        <TwoFactorStep due={secondStep.due} name={secondStep.name} onSignedIn={(result) => void finish(result)} onBack={() => setSecondStep(null)} />
      ) : (
      <>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form form={form} name="login-dialog" layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
          <Input prefix={<UserOutlined />} placeholder="请输入用户名或手机号" autoComplete="username" maxLength={64} />
        </Form.Item>
        <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" onPressEnter={() => form.submit()} />
        </Form.Item>
        {captcha && <CaptchaField form={form} refreshSignal={captchaRound} />}
      </Form>
      <a href="/login">使用手机验证码或统一身份认证登录</a>
      </>
      )}
    </Modal>
  );
}

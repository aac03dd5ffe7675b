import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Result, Steps } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { rules, toFormRule } from '@dandelion/shared';
import { requestPasswordReset, resetPassword } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { AuthBrand } from '../AuthBrand';
import { SmsCodeField } from '../SmsCodeField';
import { NewPasswordFields } from '../NewPasswordFields';
import '../auth-page.css';
import { BusyButton } from '../../components/BusyButton';

interface VerifyValues {
  phone: string;
  code: string;
}

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

type Step = 'verify' | 'reset' | 'done';
const STEP_INDEX: Record<Step, number> = { verify: 0, reset: 1, done: 2 };

/** Step 1: the phone and an SMS code (purpose RESET_PASSWORD) buy a reset token. */
function VerifyPhoneStep({ onVerified }: { onVerified: (resetToken: string) => void }) {
  const [form] = Form.useForm<VerifyValues>();
  const [submitting, setSubmitting] = useState(false);
  const { message } = App.useApp();

  const onFinish = async (values: VerifyValues) => {
    setSubmitting(true);
    try {
      const { resetToken } = await requestPasswordReset(values.phone.trim(), values.code.trim());
      onVerified(resetToken);
    } catch (error) {
      message.error(errorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <Form<VerifyValues> form={form} name="forgot" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <Form.Item
        label="手机号"
        name="phone"
        rules={[{ required: true, whitespace: true, message: '请输入手机号' }, toFormRule(rules.mobile)]}
        extra="请输入注册时绑定的手机号"
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入手机号" autoComplete="tel" inputMode="tel" maxLength={11} />
      </Form.Item>
      <SmsCodeField
        form={form}
        phoneField="phone"
        name="code"
        label="短信验证码"
        inputId="forgot_code"
        requiredMessage="请输入短信验证码"
        purpose="RESET_PASSWORD"
      />
      <Form.Item className="dl-auth-submit">
        <BusyButton type="primary" htmlType="submit" block busy={submitting}>
          下一步
        </BusyButton>
      </Form.Item>
    </Form>
  );
}

/** Step 2: the new password, twice, under the shared strength rule. */
function NewPasswordStep({ resetToken, onDone, onExpired }: { resetToken: string; onDone: () => void; onExpired: () => void }) {
  const [form] = Form.useForm<ResetValues>();
  const [submitting, setSubmitting] = useState(false);
  const { message } = App.useApp();

  const onFinish = async (values: ResetValues) => {
    setSubmitting(true);
    try {
      await resetPassword(resetToken, values.newPassword);
      onDone();
    } catch (error) {
      message.error(errorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <Form<ResetValues> form={form} name="reset" layout="vertical" requiredMark={false} onFinish={onFinish}>
      <NewPasswordFields name="newPassword" label="新密码" prefix={<LockOutlined />} />
      <Form.Item className="dl-auth-submit">
        <BusyButton type="primary" htmlType="submit" block busy={submitting}>
          重置密码
        </BusyButton>
      </Form.Item>
      <div className="dl-auth-footer dl-auth-footer--center">
        <Button type="link" onClick={onExpired}>
          重新验证手机号
        </Button>
      </div>
    </Form>
  );
}

/** /forgotPassword: reset a forgotten password through the phone (spec §7 /rest/register/getMyPassword, updMyPassword). */
export default function ForgotPasswordPage() {
  const [step, setStep] = useState<Step>('verify');
  const [resetToken, setResetToken] = useState('');
  const navigate = useNavigate();

  return (
    <main className="dl-auth-page">
      <Card className="dl-auth-card">
        <AuthBrand subtitle="找回密码" />
        <Steps
          className="dl-auth-steps"
          size="small"
          responsive={false}
          titlePlacement="vertical"
          current={STEP_INDEX[step]}
          items={[{ title: '验证手机' }, { title: '设置新密码' }, { title: '完成' }]}
        />
        {step === 'verify' && (
          <VerifyPhoneStep
            onVerified={(token) => {
              setResetToken(token);
              setStep('reset');
            }}
          />
        )}
        {step === 'reset' && (
          <NewPasswordStep
            resetToken={resetToken}
            onDone={() => {
              setResetToken('');
              setStep('done');
            }}
            onExpired={() => {
              setResetToken('');
              setStep('verify');
            }}
          />
        )}
        {step === 'done' && (
          <Result
            status="success"
            title="密码已重置"
            subTitle="请使用新密码登录。"
            extra={
              <Button
                type="primary"
                href="/login"
                onClick={(event) => {
                  event.preventDefault();
                  navigate('/login', { replace: true });
                }}
              >
                去登录
              </Button>
            }
          />
        )}
        {step !== 'done' && (
          <div className="dl-auth-footer dl-auth-footer--center">
            <span>
              想起密码了？<Link to="/login">返回登录</Link>
            </span>
          </div>
        )}
      </Card>
    </main>
  );
}

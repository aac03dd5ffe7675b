import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { App, Button, Card, Checkbox, Form, Input, Tabs, type FormInstance } from 'antd';
import { LockOutlined, MobileOutlined, UserOutlined } from '@ant-design/icons';
import { rules, toFormRule } from '@dandelion/shared';
import { loginByAccount, loginByPhone, type LoginResult } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { useSessionStore } from '../../app/session';
import { safeRedirect } from '../../lib/redirect';
import { readRememberedLogin, writeRememberedLogin, type RememberedLogin } from '../remember';
import { AuthBrand } from '../AuthBrand';
import { SmsCodeField } from '../SmsCodeField';
import '../auth-page.css';

type LoginTab = RememberedLogin['tab'];

interface LoginValues {
  username?: string;
  password?: string;
  phone?: string;
  code?: string;
  remember?: boolean;
}

function AccountFields() {
  return (
    <>
      <Form.Item label="用户名" name="username" rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}>
        <Input prefix={<UserOutlined />} placeholder="请输入用户名" autoComplete="username" maxLength={64} />
      </Form.Item>
      <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="请输入密码" autoComplete="current-password" />
      </Form.Item>
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
        size="large"
      />
    </>
  );
}

/** /login: account or phone sign-in (spec §2, §7 Authentication). */
export default function LoginPage() {
  const [remembered] = useState(readRememberedLogin);
  const [tab, setTab] = useState<LoginTab>(remembered?.tab ?? 'account');
  const [submitting, setSubmitting] = useState(false);
  const [form] = Form.useForm<LoginValues>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useSessionStore((s) => s.signIn);

  const onFinish = async (values: LoginValues) => {
    setSubmitting(true);
    try {
      let result: LoginResult;
      if (tab === 'account') {
        result = await loginByAccount({ username: values.username!.trim(), password: values.password! });
      } else {
        result = await loginByPhone({ phone: values.phone!.trim(), code: values.code!.trim() });
      }
      signIn(result.token, result.userInfo);
      const name = tab === 'account' ? values.username!.trim() : values.phone!.trim();
      writeRememberedLogin(values.remember ? { tab, name } : null);
      message.success('登录成功');
      navigate(safeRedirect(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      message.error(errorMessage(error));
      setSubmitting(false);
    }
  };

  return (
    <main className="dl-auth-page">
      <Card className="dl-auth-card">
        <AuthBrand subtitle="科技奖励申报与评审平台" />
        <Form<LoginValues>
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
            activeKey={tab}
            onChange={(key) => setTab(key as LoginTab)}
            items={[
              { key: 'account', label: '账号登录', children: <AccountFields /> },
              { key: 'phone', label: '手机号登录', children: <PhoneFields form={form} /> },
            ]}
          />
          <div className="dl-auth-footer">
            <Form.Item name="remember" valuePropName="checked" noStyle>
              <Checkbox>记住我</Checkbox>
            </Form.Item>
            <span>
              没有账号？<Link to="/enroll">立即注册</Link>
            </span>
          </div>
          <Form.Item className="dl-auth-submit">
            <Button type="primary" htmlType="submit" block loading={submitting}>
              登录
            </Button>
          </Form.Item>
        </Form>
      </Card>
    </main>
  );
}

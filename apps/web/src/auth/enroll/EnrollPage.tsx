import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Result, type FormRule } from 'antd';
import { rules, toFormRule } from '@dandelion/shared';
import { registerUser, type RegisterBody } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { AuthBrand } from '../AuthBrand';
import { SmsCodeField } from '../SmsCodeField';
import '../auth-page.css';

interface EnrollValues extends RegisterBody {
  confirmPassword: string;
}

const need = (message: string): FormRule => ({ required: true, whitespace: true, message });

/** 确认密码 must equal 密码. */
const matchesPassword: FormRule = ({ getFieldValue }) => ({
  validator: (_rule, value: unknown) =>
    !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致')),
});

const trimmed = (values: EnrollValues): RegisterBody => ({
  username: values.username.trim(),
  password: values.password,
  realname: values.realname.trim(),
  phone: values.phone.trim(),
  smsCode: values.smsCode.trim(),
  email: values.email.trim(),
  idNumber: values.idNumber.trim(),
  unitName: values.unitName.trim(),
});

/** /enroll: applicant self-registration (spec §1, §7 Users: /rest/register/AddRegisterUser). */
export default function EnrollPage() {
  const [form] = Form.useForm<EnrollValues>();
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const { message } = App.useApp();
  const navigate = useNavigate();

  const onFinish = async (values: EnrollValues) => {
    setSubmitting(true);
    try {
      await registerUser(trimmed(values));
      setDone(true);
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <main className="dl-auth-page">
        <Card className="dl-auth-card dl-auth-card--wide">
          <Result
            status="success"
            title="注册成功"
            subTitle="账号已创建，请使用新账号登录。"
            extra={
              <Button type="primary" onClick={() => navigate('/login')}>
                去登录
              </Button>
            }
          />
        </Card>
      </main>
    );
  }

  return (
    <main className="dl-auth-page">
      <Card className="dl-auth-card dl-auth-card--wide">
        <AuthBrand subtitle="新用户注册" />
        <Form<EnrollValues> form={form} name="enroll" layout="vertical" onFinish={onFinish} scrollToFirstError>
          <Form.Item label="用户名" name="username" rules={[need('请输入用户名')]}>
            <Input placeholder="请输入用户名" autoComplete="username" maxLength={64} />
          </Form.Item>
          <Form.Item
            label="密码"
            name="password"
            rules={[{ required: true, message: '请输入密码' }, toFormRule(rules.password)]}
          >
            <Input.Password placeholder="至少8位，含大小写字母、数字、符号中的三种" autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item
            label="确认密码"
            name="confirmPassword"
            dependencies={['password']}
            rules={[{ required: true, message: '请再次输入密码' }, matchesPassword]}
          >
            <Input.Password placeholder="请再次输入密码" autoComplete="new-password" maxLength={128} />
          </Form.Item>
          <Form.Item label="真实姓名" name="realname" rules={[need('请输入真实姓名')]}>
            <Input placeholder="请输入真实姓名" autoComplete="name" maxLength={50} />
          </Form.Item>
          <Form.Item label="手机号" name="phone" rules={[need('请输入手机号'), toFormRule(rules.mobile)]}>
            <Input placeholder="请输入手机号" autoComplete="tel" inputMode="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeField
            form={form}
            phoneField="phone"
            name="smsCode"
            label="短信验证码"
            inputId="enroll_smsCode"
            requiredMessage="请输入短信验证码"
          />
          <Form.Item label="邮箱" name="email" rules={[need('请输入邮箱'), toFormRule(rules.email)]}>
            <Input placeholder="请输入邮箱" autoComplete="email" inputMode="email" maxLength={254} />
          </Form.Item>
          <Form.Item label="证件号码" name="idNumber" rules={[need('请输入证件号码'), toFormRule(rules.idNumber)]}>
            <Input placeholder="身份证号或护照号" maxLength={18} />
          </Form.Item>
          <Form.Item label="所在单位" name="unitName" rules={[need('请输入所在单位')]}>
            <Input placeholder="请输入所在单位全称" autoComplete="organization" maxLength={100} />
          </Form.Item>
          <Form.Item className="dl-auth-submit">
            <Button type="primary" htmlType="submit" block loading={submitting}>
              注册
            </Button>
          </Form.Item>
          <div className="dl-auth-footer dl-auth-footer--center">
            <span>
              已有账号？<Link to="/login">立即登录</Link>
            </span>
          </div>
        </Form>
      </Card>
    </main>
  );
}

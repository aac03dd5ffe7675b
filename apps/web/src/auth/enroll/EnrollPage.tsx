import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Result, type FormRule } from 'antd';
import { isEmail, isMobileStrict, rules, toFormRule } from '@dandelion/shared';
import { isUsername, USERNAME_MESSAGE, USERNAME_PATTERN } from '@dandelion/shared/auth/register';
import { registerUser, type RegisterBody } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { AuthBrand } from '../AuthBrand';
import { createAvailabilityChecker } from '../availability';
import { NewPasswordFields } from '../NewPasswordFields';
import { SmsCodeField } from '../SmsCodeField';
import '../auth-page.css';
import { BusyButton } from '../../components/BusyButton';

interface EnrollValues extends RegisterBody {
  confirmPassword: string;
}

const need = (message: string): FormRule => ({ required: true, whitespace: true, message });

export { USERNAME_MESSAGE };

const trimmed = (values: EnrollValues): RegisterBody => {
  const unitCode = values.unitCode?.trim();
  return {
    username: values.username.trim(),
    password: values.password,
    realname: values.realname.trim(),
    phone: values.phone.trim(),
    smsCode: values.smsCode.trim(),
    email: values.email.trim(),
    idNumber: values.idNumber.trim(),
    unitName: values.unitName.trim(),
    ...(unitCode ? { unitCode: unitCode.toUpperCase() } : {}),
  };
};

/** /enroll: applicant self-registration (spec §1, §7 Users: /rest/register/AddRegisterUser). */
export default function EnrollPage() {
  const [form] = Form.useForm<EnrollValues>();
  const [availability] = useState(createAvailabilityChecker);
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
              <Button
                type="primary"
                href="/login"
                onClick={(event) => {
                  event.preventDefault();
                  navigate('/login');
                }}
              >
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
          <Form.Item
            label="用户名"
            name="username"
            validateTrigger={['onChange', 'onBlur']}
            validateFirst
            rules={[
              need('请输入用户名'),
              { pattern: USERNAME_PATTERN, message: USERNAME_MESSAGE },
              availability.rule('username', isUsername),
            ]}
          >
            <Input placeholder="字母开头，4-32位" autoComplete="username" maxLength={32} />
          </Form.Item>
          <NewPasswordFields name="password" label="密码" />
          <Form.Item label="真实姓名" name="realname" rules={[need('请输入真实姓名')]}>
            <Input placeholder="请输入真实姓名" autoComplete="name" maxLength={64} />
          </Form.Item>
          <Form.Item
            label="手机号"
            name="phone"
            validateTrigger={['onChange', 'onBlur']}
            validateFirst
            rules={[need('请输入手机号'), toFormRule(rules.mobileStrict), availability.rule('phone', isMobileStrict)]}
          >
            <Input placeholder="请输入手机号" autoComplete="tel" inputMode="tel" maxLength={11} />
          </Form.Item>
          <SmsCodeField
            form={form}
            phoneField="phone"
            name="smsCode"
            label="短信验证码"
            inputId="enroll_smsCode"
            requiredMessage="请输入短信验证码"
            purpose="REGISTER"
          />
          <Form.Item
            label="邮箱"
            name="email"
            validateTrigger={['onChange', 'onBlur']}
            validateFirst
            rules={[need('请输入邮箱'), toFormRule(rules.email), availability.rule('email', isEmail)]}
          >
            <Input placeholder="请输入邮箱" autoComplete="email" inputMode="email" maxLength={254} />
          </Form.Item>
          <Form.Item label="证件号码" name="idNumber" rules={[need('请输入证件号码'), toFormRule(rules.idNumberStrict)]}>
            <Input placeholder="身份证号或护照号" maxLength={18} />
          </Form.Item>
          <Form.Item
            label="所在单位"
            name="unitName"
            rules={[need('请输入所在单位'), { min: 2, message: '单位名称至少2个字符' }]}
          >
            <Input placeholder="请输入所在单位全称" autoComplete="organization" maxLength={64} />
          </Form.Item>
          <Form.Item
            label="统一社会信用代码"
            name="unitCode"
            rules={[toFormRule(rules.unifiedSocialCreditCode)]}
            extra="选填，用于核验所在单位"
            normalize={(value: string) => value?.toUpperCase()}
          >
            <Input placeholder="18位统一社会信用代码" maxLength={18} />
          </Form.Item>
          <Form.Item className="dl-auth-submit">
            <BusyButton type="primary" htmlType="submit" block busy={submitting}>
              注册
            </BusyButton>
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

import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { App, Card, Form, Input, Select, type FormRule } from 'antd';
import { ID_NUMBER_MESSAGE, isEmail, isMobileStrict, rules, toFormRule } from '@dandelion/shared';
import { CAPTCHA_ANSWER_MESSAGE, ID_TYPE_LABELS, ID_TYPES, idNumberFits, isUsername, USERNAME_MESSAGE, USERNAME_PATTERN, type IdType } from '@dandelion/shared/auth/register';
import { registerUser, sendRegisterCode, type RegisterBody } from '../../api/auth';
import { errorMessage } from '../../api/http';
import { useSessionStore } from '../../api/session';
import { AuthBrand } from '../AuthBrand';
import { createAvailabilityChecker } from '../availability';
import { CaptchaField } from '../login/CaptchaField';
import { NewPasswordFields } from '../NewPasswordFields';
import { SmsCodeField } from '../SmsCodeField';
import { AgreementConsent } from './AgreementConsent';
import '../auth-page.css';
import { BusyButton } from '../../components/BusyButton';

interface EnrollValues extends RegisterBody {
  confirmPassword: string;
  captchaKey: string;
  captchaCode: string;
}

/** Where a new applicant lands, signed in: the personal centre shows what they registered with. */
const AFTER_ENROLL_PATH = '/center';

const CAPTCHA_REQUIRED = [
  { name: 'captchaCode', message: CAPTCHA_ANSWER_MESSAGE },
  { name: 'captchaKey', message: '图形验证码未加载，请点击图片重新获取' },
];

const ID_TYPE_OPTIONS = ID_TYPES.map((value) => ({ value, label: ID_TYPE_LABELS[value] }));
const ID_PLACEHOLDERS: Readonly<Record<IdType, string>> = { ID_CARD: '18位居民身份证号码', PASSPORT: '6-15位字母或数字' };

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
    idType: values.idType,
    idNumber: values.idNumber.trim().toUpperCase(),
    unitName: values.unitName.trim(),
    ...(unitCode ? { unitCode: unitCode.toUpperCase() } : {}),
    agreed: values.agreed,
  };
};

/** /enroll: applicant self-registration (spec §1, §7 Users: /rest/register/AddRegisterUser). */
export default function EnrollPage() {
  const [form] = Form.useForm<EnrollValues>();
  const [availability] = useState(createAvailabilityChecker);
  const [submitting, setSubmitting] = useState(false);
  // A captcha answers one request for a code: each attempt shows a new image.
  const [captchaRound, setCaptchaRound] = useState(0);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const signIn = useSessionStore((s) => s.signIn);
  const idType = Form.useWatch('idType', form) ?? 'ID_CARD';

  const onFinish = async (values: EnrollValues) => {
    setSubmitting(true);
    try {
      const result = await registerUser(trimmed(values));
      signIn(result.token, result.userInfo, 'password');
      message.success('注册成功，已为您登录');
      navigate(AFTER_ENROLL_PATH, { replace: true });
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  const idNumberRule: FormRule = {
    validator: (_, value: string | undefined) =>
      !value?.trim() || idNumberFits(form.getFieldValue('idType') as IdType, value.trim().toUpperCase())
        ? Promise.resolve()
        : Promise.reject(new Error(ID_NUMBER_MESSAGE)),
  };

  return (
    <main className="dl-auth-page">
      <Card className="dl-auth-card dl-auth-card--wide">
        <AuthBrand subtitle="新用户注册" />
        <Form<EnrollValues>
          form={form}
          name="enroll"
          layout="vertical"
          onFinish={onFinish}
          scrollToFirstError
          initialValues={{ idType: 'ID_CARD', agreed: false }}
        >
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
          <CaptchaField
            form={form}
            refreshSignal={captchaRound}
            inputId="enroll_captchaCode"
            extra="输入图中字符后再获取短信验证码"
            requiredOnSubmit={false}
          />
          <SmsCodeField
            form={form}
            phoneField="phone"
            name="smsCode"
            label="短信验证码"
            inputId="enroll_smsCode"
            requiredMessage="请输入短信验证码"
            purpose="REGISTER"
            alsoRequire={CAPTCHA_REQUIRED}
            sendCode={({ phone, captchaKey, captchaCode }) => sendRegisterCode({ phone: phone!, captchaKey: captchaKey!, captchaCode: captchaCode! })}
            onAttempt={() => setCaptchaRound((r) => r + 1)}
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
          <Form.Item label="证件类型" name="idType" rules={[{ required: true, message: '请选择证件类型' }]}>
            <Select options={ID_TYPE_OPTIONS} />
          </Form.Item>
          <Form.Item label="证件号码" name="idNumber" dependencies={['idType']} rules={[need('请输入证件号码'), idNumberRule]}>
            <Input placeholder={ID_PLACEHOLDERS[idType as IdType]} maxLength={18} />
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
          <AgreementConsent />
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

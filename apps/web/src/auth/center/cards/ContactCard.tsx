import { useState } from 'react';
import { App, Card, Descriptions, Divider, Form, Input } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { rules, toFormRule } from '@dandelion/shared';
import { accountKeys } from '../../../api/auth';
import { errorMessage } from '../../../api/http';
import { useSessionStore } from '../../../api/session';
import { SmsCodeField } from '../../SmsCodeField';
import { BusyButton } from '../../../components/BusyButton';
import { bindPhone, centerKeys, changeEmail, useProfile, type AccountProfile } from '../api';

/** Keeps the profile answer, the stored session user and /api/user/info in step after a change. */
function useContactUpdate() {
  const queryClient = useQueryClient();
  const updateUser = useSessionStore((s) => s.updateUser);
  return (change: { phone?: string | null; email?: string | null }) => {
    queryClient.setQueryData<AccountProfile>(centerKeys.profile(), (old) => (old ? { ...old, ...change } : old));
    updateUser({
      ...(change.phone !== undefined ? { phones: change.phone } : {}),
      ...(change.email !== undefined ? { mails: change.email } : {}),
    });
    void queryClient.invalidateQueries({ queryKey: accountKeys.user() });
  };
}

function PhoneForm({ hasPhone }: { hasPhone: boolean }) {
  const [form] = Form.useForm<{ phone: string; code: string }>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const update = useContactUpdate();

  const onFinish = async (values: { phone: string; code: string }) => {
    setSaving(true);
    try {
      const { phone } = await bindPhone(values.phone.trim(), values.code.trim());
      update({ phone });
      form.resetFields();
      message.success('手机号绑定成功');
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} name="bindPhone" layout="vertical" onFinish={onFinish}>
      <Form.Item
        label={hasPhone ? '新手机号' : '手机号'}
        name="phone"
        rules={[{ required: true, whitespace: true, message: '请输入手机号' }, toFormRule(rules.mobileStrict)]}
      >
        <Input prefix={<MobileOutlined />} placeholder="请输入11位手机号" maxLength={11} inputMode="tel" autoComplete="tel" />
      </Form.Item>
      <SmsCodeField
        form={form}
        phoneField="phone"
        name="code"
        label="短信验证码"
        inputId="bindPhone_code"
        requiredMessage="请输入短信验证码"
        purpose="BIND_PHONE"
      />
      <BusyButton type="primary" htmlType="submit" busy={saving} data-testid="center-bind-phone">
        {hasPhone ? '更换手机号' : '绑定手机号'}
      </BusyButton>
    </Form>
  );
}

function EmailForm({ hasEmail }: { hasEmail: boolean }) {
  const [form] = Form.useForm<{ email: string }>();
  const [saving, setSaving] = useState(false);
  const { message } = App.useApp();
  const update = useContactUpdate();

  const onFinish = async (values: { email: string }) => {
    setSaving(true);
    try {
      const { email } = await changeEmail(values.email.trim());
      update({ email });
      form.resetFields();
      message.success('邮箱修改成功');
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form form={form} name="changeEmail" layout="vertical" onFinish={onFinish}>
      <Form.Item
        label={hasEmail ? '新邮箱' : '邮箱'}
        name="email"
        rules={[{ required: true, whitespace: true, message: '请输入邮箱' }, toFormRule(rules.email)]}
      >
        <Input prefix={<MailOutlined />} placeholder="name@example.com" maxLength={128} inputMode="email" autoComplete="email" />
      </Form.Item>
      <BusyButton type="primary" htmlType="submit" busy={saving} data-testid="center-change-email">
        {hasEmail ? '修改邮箱' : '绑定邮箱'}
      </BusyButton>
    </Form>
  );
}

/** 手机与邮箱: the bound phone (changed only with an SMS code sent to the new number) and the email. */
export function ContactCard() {
  const { data: profile } = useProfile();
  const phone = profile?.phone ?? null;
  const email = profile?.email ?? null;
  return (
    <Card title="手机与邮箱" data-testid="center-contact">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="已绑定手机">{phone || '未绑定'}</Descriptions.Item>
        <Descriptions.Item label="已绑定邮箱">{email || '未绑定'}</Descriptions.Item>
      </Descriptions>
      <Divider plain>{phone ? '更换手机号' : '绑定手机号'}</Divider>
      <PhoneForm hasPhone={!!phone} />
      <Divider plain>{email ? '修改邮箱' : '绑定邮箱'}</Divider>
      <EmailForm hasEmail={!!email} />
    </Card>
  );
}

import { useState } from 'react';
import { App, Card, Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { changePassword } from '../../../api/auth';
import { errorMessage } from '../../../api/http';
import { NewPasswordFields } from '../../NewPasswordFields';
import { BusyButton } from '../../../components/BusyButton';
import { centerKeys } from '../api';

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** 修改密码 (/rest/user/UpdPwd). The server ends the user's other sessions; this one stays. */
export function ChangePasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const [submitting, setSubmitting] = useState(false);
  const { message } = App.useApp();
  const queryClient = useQueryClient();

  const onFinish = async (values: PasswordValues) => {
    setSubmitting(true);
    try {
      await changePassword(values.oldPassword, values.newPassword);
      form.resetFields();
      message.success('密码修改成功，其他设备上的登录已失效');
      void queryClient.invalidateQueries({ queryKey: centerKeys.sessions() });
    } catch (error) {
      message.error(errorMessage(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title="修改密码">
      <Form<PasswordValues> form={form} name="password" layout="vertical" onFinish={onFinish}>
        <Form.Item label="原密码" name="oldPassword" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password placeholder="请输入原密码" autoComplete="current-password" maxLength={128} />
        </Form.Item>
        <NewPasswordFields
          name="newPassword"
          label="新密码"
          dependencies={['oldPassword']}
          extraRules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: unknown) =>
                value && value === getFieldValue('oldPassword')
                  ? Promise.reject(new Error('新密码不能与原密码相同'))
                  : Promise.resolve(),
            }),
          ]}
        />
        <BusyButton type="primary" htmlType="submit" busy={submitting}>
          修改密码
        </BusyButton>
      </Form>
    </Card>
  );
}

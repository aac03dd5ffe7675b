import type { ReactNode } from 'react';
import { Form, Input, type FormRule } from 'antd';
import { confirmPasswordRules, newPasswordRules } from './passwordRules';

interface NewPasswordFieldsProps {
  /** Name of the password field; the confirmation is `confirmPassword`. */
  name: string;
  /** 密码 or 新密码: the labels and required messages are built from it. */
  label: string;
  prefix?: ReactNode;
  /** Rules besides the shared strength rule (e.g. not the old password). */
  extraRules?: FormRule[];
  /** Fields whose change re-validates the password (e.g. the old password). */
  dependencies?: string[];
}

/** A new password under the shared strength rule, and 确认 of it: registration, reset and change alike. */
export function NewPasswordFields({ name, label, prefix, extraRules = [], dependencies }: NewPasswordFieldsProps) {
  return (
    <>
      <Form.Item label={label} name={name} dependencies={dependencies} rules={[...newPasswordRules(`请输入${label}`), ...extraRules]}>
        <Input.Password prefix={prefix} placeholder="至少8位，含大小写字母、数字、符号中的三种" autoComplete="new-password" maxLength={128} />
      </Form.Item>
      <Form.Item label={`确认${label}`} name="confirmPassword" dependencies={[name]} rules={confirmPasswordRules(name, `请再次输入${label}`)}>
        <Input.Password prefix={prefix} placeholder={`请再次输入${label}`} autoComplete="new-password" maxLength={128} />
      </Form.Item>
    </>
  );
}

import type { FormRule } from 'antd';
import { PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE, rules, toFormRule } from '@dandelion/shared';

export const PASSWORD_MISMATCH_MESSAGE = '两次输入的密码不一致';

/** A new password: required, the shared strength rule (spec: 8+ characters, three of four classes), bounded length. */
export function newPasswordRules(requiredMessage: string): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    toFormRule(rules.password),
    { max: PASSWORD_MAX_LENGTH, message: PASSWORD_TOO_LONG_MESSAGE },
  ];
}

/** 确认密码: required and equal to the field `passwordField`. */
export function confirmPasswordRules(passwordField: string, requiredMessage = '请再次输入密码'): FormRule[] {
  return [
    { required: true, message: requiredMessage },
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(PASSWORD_MISMATCH_MESSAGE)),
    }),
  ];
}

import { z } from 'zod';

/** Account field rules that are not in spec §5 (the shared validators cover those). */
export const USERNAME_MESSAGE = '用户名为4-32位字母、数字或下划线，且以字母开头';
export const USERNAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{3,31}$/;
export const isUsername = (value: unknown): boolean => typeof value === 'string' && USERNAME_PATTERN.test(value);

export const REALNAME_MESSAGE = '请输入真实姓名（不超过64个字符）';
export const UNIT_NAME_MESSAGE = '请输入单位名称（2-64个字符）';
export const SMS_CODE_MESSAGE = '请输入6位短信验证码';

export const zUsername = z.string({ error: USERNAME_MESSAGE }).trim().refine(isUsername, USERNAME_MESSAGE);
export const zRealname = z.string({ error: REALNAME_MESSAGE }).trim().min(1, REALNAME_MESSAGE).max(64, REALNAME_MESSAGE);
export const zUnitName = z.string({ error: UNIT_NAME_MESSAGE }).trim().min(2, UNIT_NAME_MESSAGE).max(64, UNIT_NAME_MESSAGE);
export const zSmsCode = z.string({ error: SMS_CODE_MESSAGE }).trim().regex(/^\d{6}$/, SMS_CODE_MESSAGE);

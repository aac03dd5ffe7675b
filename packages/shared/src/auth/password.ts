/** Password calls (spec §7): the owner's change (three paths, one rule set), the check, and the administrator's reset. */
import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../contract';
import { zId } from '../schemas';
import { zPassword } from '../validators';

const TAG = '密码';

const OLD_PASSWORD_MISSING = '请输入原密码';
export const changePasswordBody = z.object({
  oldPassword: z.string({ error: OLD_PASSWORD_MISSING }).min(1, OLD_PASSWORD_MISSING).max(128, OLD_PASSWORD_MISSING),
  newPassword: zPassword,
});

/** The three historical paths of the same call: one contract each, one schema and one answer. */
const change = <const P extends string>(path: P) =>
  defineCall({
    method: 'POST',
    path,
    access: SIGNED_IN,
    tag: TAG,
    summary: '修改本人密码（原密码 + 新密码）；除当前会话外的其他登录会话立即失效',
    body: changePasswordBody,
    response: z.null(),
  });

export const passwordCalls = {
  change: change('/rest/user/UpdPwd'),
  changeInSettings: change('/rest/setting/updatepassword'),
  changeInCommon: change('/rest/common/UpdPwd'),
  validate: defineCall({
    method: 'POST',
    path: '/rest/user/valPwd',
    access: SIGNED_IN,
    tag: TAG,
    summary: '校验本人当前密码是否正确',
    body: z.object({ password: z.string({ error: '请输入密码' }).min(1, '请输入密码').max(128, '请输入密码') }),
    response: z.object({ valid: z.boolean() }),
  }),
  adminReset: defineCall({
    method: 'POST',
    path: '/rest/user/UpdPwdUser',
    // The user administration's reset permission (system:user); spelled here until its map is shared.
    access: 'system:user:reset',
    tag: TAG,
    summary: '管理员重置用户密码：不传 newPassword 时生成强密码并仅在本次答复中返回；该用户的所有登录会话立即失效',
    body: z.object({ userId: zId, newPassword: zPassword.optional() }),
    response: z.object({ userId: zId, generatedPassword: z.string().nullable() }),
  }),
};

/** The duplicate check (spec §3/§5): whether a value of an allowlisted unique field is already taken. */
import { z } from 'zod';
import { defineCall, SIGNED_IN } from '../contract';
import { zId } from '../schemas';

export const duplicateCalls = {
  /** Any signed-in user may ask (forms of several modules use it); it reveals only whether a value is taken. */
  check: defineCall({
    method: 'POST',
    path: '/rest/common/checkDuplicate',
    access: SIGNED_IN,
    tag: '通用',
    summary: '重复校验：值已被占用时 success 为 false，message 为可展示的提示（如 用户名已存在）',
    body: z.object({
      tableName: z.string({ error: '不支持的重复校验' }).trim().max(64),
      tableKey: z.string().trim().max(64).nullish(),
      fieldName: z.string({ error: '不支持的重复校验' }).trim().max(64),
      fieldVal: z.string({ error: '请输入要校验的值' }).trim().min(1, '请输入要校验的值').max(256, '校验的值不能超过256个字符'),
      dataId: z
        .union([zId, z.literal(''), z.null()])
        .optional()
        .transform((v) => (typeof v === 'number' ? v : null)),
    }),
    response: z.object({ success: z.boolean(), message: z.string() }),
  }),
};

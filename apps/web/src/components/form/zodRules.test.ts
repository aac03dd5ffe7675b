import { describe, expect, it } from 'vitest';
import { postBody } from '@dandelion/shared/system/post';
import { rulesOf } from './zodRules';

type Validator = (rule: unknown, value: unknown) => Promise<void>;
const check = (rules: ReturnType<typeof rulesOf<typeof postBody>>[keyof typeof postBody.shape], value: unknown) =>
  (rules[0] as { validator: Validator }).validator({}, value);

describe('rules from a shared schema', () => {
  const rules = rulesOf(postBody);

  it('say what the server says, in the same words', async () => {
    await expect(check(rules.postCode, undefined)).rejects.toThrow('请输入岗位编码');
    await expect(check(rules.postCode, '财务')).rejects.toThrow('岗位编码只能包含字母、数字和下划线');
    await expect(check(rules.postCode, 'x'.repeat(65))).rejects.toThrow('岗位编码不能超过64个字符');
    await expect(check(rules.sort, 1.5)).rejects.toThrow('排序必须是整数');
    await expect(check(rules.postCode, 'FIN_MGR')).resolves.toBeUndefined();
  });

  it('mark a field required only when the schema refuses it empty', () => {
    expect((rules.postCode[0] as { required: boolean }).required).toBe(true);
    expect((rules.sort[0] as { required: boolean }).required).toBe(false);
    expect((rules.remark[0] as { required: boolean }).required).toBe(false);
  });
});

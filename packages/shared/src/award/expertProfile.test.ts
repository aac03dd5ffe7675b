import { describe, expect, it } from 'vitest';
import { EXPERT_MOVES, mayMove } from './expert';
import { expertProfile, isMaskedIdNumber } from './expertProfile';

const base = { name: '王专家', phone: '13900000001' };
const firstMessage = (input: unknown) => {
  const result = expertProfile.safeParse(input);
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the expert profile', () => {
  it('needs only a name and a phone; blanks of optional fields are accepted', () => {
    expect(firstMessage(base)).toBeNull();
    expect(firstMessage({ ...base, email: '', idNumber: '', unitCreditCode: '', region: '' })).toBeNull();
    expect(expertProfile.parse(base)).toMatchObject({ disciplineCodes: [], keywords: [], formerUnits: [], relations: [] });
  });

  it('checks each field with the spec’s messages', () => {
    expect(firstMessage({ phone: '13900000001' })).toBe('请填写姓名');
    expect(firstMessage({ ...base, phone: '1390000' })).toBe('您的手机号码格式不正确!');
    expect(firstMessage({ ...base, idNumber: '110105197001011234' })).toBe('您的身份证号/护照格式不正确!');
    expect(firstMessage({ ...base, disciplineCodes: ['1', '2', '3', '4'] })).toBe('学科最多选择3个');
    expect(firstMessage({ ...base, relations: [{ kind: 'KIN' }] })).toBe('请填写关系人或关系单位');
  });

  it('accepts the masked ID number the office was shown (the server keeps the stored one)', () => {
    expect(isMaskedIdNumber('110105********0014')).toBe(true);
    expect(isMaskedIdNumber('E1****78')).toBe(true);
    expect(isMaskedIdNumber('110105197001011014')).toBe(false);
    expect(firstMessage({ ...base, idNumber: '110105********0014' })).toBeNull();
  });
});

describe('the expert moves', () => {
  it('start only from their states', () => {
    expect(mayMove('AUDIT', 'PENDING_AUDIT')).toBe(true);
    expect(mayMove('AUDIT', 'ACTIVE')).toBe(false);
    expect(mayMove('BLACKLIST', 'REJECTED')).toBe(false);
    expect(mayMove('REQUEST_DELETION', 'BLACKLISTED')).toBe(false);
    expect(Object.values(EXPERT_MOVES).flat()).not.toContain('DELETED');
  });
});

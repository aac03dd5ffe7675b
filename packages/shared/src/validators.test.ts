import { describe, it, expect } from 'vitest';
import { z } from 'zod';
import * as v from './validators';
import { rules, refinements, toFormRule, toZodCheck } from './validators';

/** Runs one rule over valid and invalid samples. */
function check(name: v.RuleName, valid: unknown[], invalid: unknown[]) {
  describe(`rules.${name}`, () => {
    it.each(valid.map((s) => [s]))('accepts %j', (sample) => {
      expect(rules[name].test(sample)).toBe(true);
    });
    it.each(invalid.map((s) => [s]))('rejects %j', (sample) => {
      expect(rules[name].test(sample)).toBe(false);
    });
  });
}

describe('spec §5 messages are exact', () => {
  it.each([
    ['email', '请输入正确格式的邮箱!'],
    ['mobile', '您的手机号码格式不正确!'],
    ['mobileStrict', '您的手机号码格式不正确!'],
    ['landline', '您的电话号码格式不正确!'],
    ['fax', '您的传真格式不正确!'],
    ['idNumber', '您的身份证号/护照格式不正确!'],
    ['postcode', '您的邮编格式不正确!'],
    ['contact', '输入正确格式的联系方式'],
    ['patentNumber', '请输入正确的专利号！专利号由数字字母横杠组成。'],
    ['required', '填写内容不能为空'],
    ['unifiedSocialCreditCode', '请输入正确的统一社会信用代码!'],
    ['password', '密码至少8位，且包含大写字母、小写字母、数字、特殊字符中的至少三种'],
  ] as const)('%s → %s', (name, message) => {
    expect(rules[name].message).toBe(message);
  });
});

check('email', ['user@example.com', 'a.b+tag@mail.example.com.cn', 'x_y-z@sub-domain.org'], [
  '', 'user', 'user@', '@example.com', 'user@example', 'user@@example.com', 'us er@example.com',
  '.user@example.com', 'user..dot@example.com', 'user@-example.com', 'user@example.c', 123,
]);
check('mobile', ['13812345678', '12012345678', '19999999999'], ['1381234567', '138123456789', '23812345678', '1381234567a', 13812345678, '']);
check('mobileStrict', ['13812345678', '19999999999', '16600000000'], ['12012345678', '10012345678', '1381234567', ' 13812345678']);
check('landline', ['010-12345678', '0755-1234567', '12345678', '1234567', '021-1234567'], [
  '010-123456', '010-123456789', '01-12345678', '01012-1234567', '010 12345678', '(010)12345678', '-12345678', '',
]);
check('fax', ['010-12345678', '0755-1234567'], ['010-1234', 'fax']);
check('idNumber', ['11010519491231002X', '11010519491231002x', '110105194912310021', 'E12345678', 'G1234567', 'AB123456789012C', '123456'], [
  '12345', 'AB1234567890123X', '11010519491231002Y', 'E1234567!', '护照123456', '',
]);
check('idNumberStrict', ['11010519491231002X', '110101199003074477', 'E12345678', 'PA1234567'], [
  '110105194912310021', '440524188001010014', '110101299003074477', '12345',
]);
check('postcode', ['100000', '518000', '010010'], ['10000', '1000000', '10000a', 100000]);
check('contact', ['13812345678', '010-12345678', '0755-1234567', '123456', '123456789'], ['12345', '1234567890', '138-1234-5678', 'abc123']);
check('patentNumber', ['ZL201310123456.7', 'CN102345678A', 'US-7654321-B2', '201310123456.7'], ['', 'ZL 2013101234567', 'ZL2013_1', '专利123', 'ZL2013/1']);
check('required', ['a', ' 中 ', 0, false, ['x'], { a: 1 }], ['', '   ', '\n\t', '\u3000', null, undefined, [], Number.NaN]);
check('url', ['http://example.com', 'https://example.com/path?q=1#x', 'HTTPS://EXAMPLE.COM', 'http://localhost:8080', 'https://例子.中国/'], [
  'ftp://example.com', 'example.com', 'http://', 'http:example.com', 'javascript:alert(1)', 'http://exa mple.com', '//example.com', '',
]);
check('integer', ['0', '42', '-7', 12, -3], ['1.5', '+1', '1e3', '', ' 1', 1.5, Number.NaN, 2 ** 60]);
check('float', ['0', '3.14', '-0.5', '42', 1.25, -3], ['1.', '.5', '1e3', 'abc', '1.2.3', '', Number.POSITIVE_INFINITY, Number.NaN]);
check('chinese', ['中文', '蒲公英', '𠀀'], ['中文a', '中 文', '', 'abc', '中文！']);
check('licencePlate', ['京A12345', '粤B12345', '沪AB1234', '京A1234学', '粤Z1234港', '粤BD12345', '粤BFA1234', '京AD12345', '粤B12345D'], [
  '粤B D12345', '京A1234', '京A123456', '京a12345', '京I12345', 'AA12345', '港A12345', '粤BD123456', '粤BF1A234', '粤BZ12345', '粤B12345X', '',
]);
check('unifiedSocialCreditCode', ['91350100M000100Y43'], ['91350100M000100Y44', '91350100m000100y43', '91350100M000100Y4', '']);
check('password', ['Abcdefg1', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefg!', '密码Abc12345'], [
  'Abc1!', 'abcdefgh', 'abcdefg1', 'ABCDEFGH!', '12345678!', 'Abcdefg', '', 12345678,
]);

describe('password helpers', () => {
  it('counts character classes', () => {
    expect(v.passwordClassCount('abc')).toBe(1);
    expect(v.passwordClassCount('aB1')).toBe(3);
    expect(v.passwordClassCount('aB1!')).toBe(4);
    expect(v.passwordClassCount('a b')).toBe(1); // a space is not a symbol
  });
});

describe('zod integration', () => {
  it('rules plug into .refine with the spec message', () => {
    const schema = z.string().refine(rules.mobile.test, rules.mobile.message);
    expect(schema.parse('13812345678')).toBe('13812345678');
    expect(schema.safeParse('123').error?.issues[0].message).toBe('您的手机号码格式不正确!');
  });

  it('refinements and toZodCheck plug into .check', () => {
    const email = z.string().check(refinements.email);
    expect(email.safeParse('user@example.com').success).toBe(true);
    expect(email.safeParse('nope').error?.issues[0].message).toBe('请输入正确格式的邮箱!');
    const postcode = z.string().check(toZodCheck(rules.postcode));
    expect(postcode.safeParse('12345').error?.issues[0].message).toBe('您的邮编格式不正确!');
  });

  it('ready schemas trim, validate and answer in Chinese', () => {
    expect(v.zMobile.parse(' 13812345678 ')).toBe('13812345678');
    expect(v.zMobile.safeParse('12012345678').error?.issues[0].message).toBe('您的手机号码格式不正确!');
    expect(v.zMobile.safeParse(undefined).error?.issues[0].message).toBe('您的手机号码格式不正确!');
    expect(v.zEmail.parse('user@example.com ')).toBe('user@example.com');
    expect(v.zIdNumber.parse('11010519491231002X')).toBe('11010519491231002X');
    expect(v.zIdNumber.parse('E12345678')).toBe('E12345678');
    expect(v.zIdNumber.safeParse('110105194912310021').error?.issues[0].message).toBe('您的身份证号/护照格式不正确!');
    expect(v.zUnifiedSocialCreditCode.safeParse('91350100M000100Y43').success).toBe(true);
    expect(v.zLicencePlate.safeParse('粤BD12345').success).toBe(true);
    expect(v.zHttpUrl.safeParse('ftp://x.cn').error?.issues[0].message).toBe('请输入正确的网址!');
    expect(v.zRequiredText.safeParse('  ').error?.issues[0].message).toBe('填写内容不能为空');
    expect(v.zRequiredText.safeParse(undefined).error?.issues[0].message).toBe('填写内容不能为空');
  });

  it('zPassword is not trimmed and has an upper bound', () => {
    expect(v.zPassword.parse(' Abcdef1 ')).toBe(' Abcdef1 ');
    expect(v.zPassword.safeParse('abcdefgh').error?.issues[0].message).toBe(v.PASSWORD_MESSAGE);
    const long = 'Aa1!'.repeat(33);
    expect(v.zPassword.safeParse(long).error?.issues[0].message).toBe('密码长度不能超过128位');
  });
});

describe('toFormRule (Ant Design)', () => {
  it('lets empty values through for format rules and rejects bad ones with the message', async () => {
    const mobile = toFormRule(rules.mobile);
    await expect(mobile.validator({}, '')).resolves.toBeUndefined();
    await expect(mobile.validator({}, undefined)).resolves.toBeUndefined();
    await expect(mobile.validator({}, '13812345678')).resolves.toBeUndefined();
    await expect(mobile.validator({}, '123')).rejects.toThrow('您的手机号码格式不正确!');
  });

  it('validates empty values for the required rule or when asked', async () => {
    await expect(toFormRule(rules.required).validator({}, '')).rejects.toThrow('填写内容不能为空');
    await expect(toFormRule(rules.mobile, { validateEmpty: true }).validator({}, '')).rejects.toThrow('您的手机号码格式不正确!');
  });
});

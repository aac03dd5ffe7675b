/**
 * Field validation rules and their Chinese messages (spec §5), written once
 * and shared by the Ant Design forms and the server's zod schemas
 * (ARCHITECTURE §4 Validation).
 *
 * Every rule has a message constant, a pure predicate `(value: unknown) =>
 * boolean` (non-strings fail unless stated otherwise; values are not trimmed
 * — schemas trim before testing) and an entry in `rules`, from which
 * `refinements` (zod checks) and `toFormRule` (Ant Design) are derived.
 * The rich-text rule lives in ./rich-text, the check digits in ./checksums.
 */
import { z } from 'zod';
import { isValidChineseIdNumber, isValidUnifiedSocialCreditCode } from './checksums';

// ---------------------------------------------------------------- messages
export const EMAIL_MESSAGE = '请输入正确格式的邮箱!';
export const MOBILE_MESSAGE = '您的手机号码格式不正确!';
/** A phone number already held by an account (registration and binding answer 409 with these). */
export const PHONE_REGISTERED = '该手机号已注册';
export const PHONE_BOUND = '该手机号已被其他账号绑定';
export const LANDLINE_MESSAGE = '您的电话号码格式不正确!';
export const FAX_MESSAGE = '您的传真格式不正确!';
export const ID_NUMBER_MESSAGE = '您的身份证号/护照格式不正确!';
export const POSTCODE_MESSAGE = '您的邮编格式不正确!';
export const CONTACT_MESSAGE = '输入正确格式的联系方式';
export const PATENT_NUMBER_MESSAGE = '请输入正确的专利号！专利号由数字字母横杠组成。';
export const REQUIRED_MESSAGE = '填写内容不能为空';
export const URL_MESSAGE = '请输入正确的网址!';
export const INTEGER_MESSAGE = '请输入整数!';
export const FLOAT_MESSAGE = '请输入数字!';
export const CHINESE_MESSAGE = '请输入中文!';
export const LICENCE_PLATE_MESSAGE = '请输入正确的车牌号!';
export const USCC_MESSAGE = '请输入正确的统一社会信用代码!';
export const PASSWORD_MESSAGE = '密码至少8位，且包含大写字母、小写字母、数字、特殊字符中的至少三种';

// ---------------------------------------------------------------- patterns
const EMAIL_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/** Spec §5: 11 digits starting with 1. */
export const MOBILE_PATTERN = /^1\d{10}$/;
/** Spec §5 stricter check: 1, then 3–9, then 9 digits. */
export const MOBILE_STRICT_PATTERN = /^1[3-9]\d{9}$/;
/** Spec §5: optional 3–4 digit area code and hyphen, then 7–8 digits (fax: same). */
export const LANDLINE_PATTERN = /^(?:\d{3,4}-)?\d{7,8}$/;
const PASSPORT_PATTERN = /^[A-Za-z0-9]{6,15}$/;
const RESIDENT_ID_PATTERN = /^\d{17}[\dXx]$/;
const POSTCODE_PATTERN = /^\d{6}$/;
const SHORT_NUMBER_PATTERN = /^\d{6,9}$/;
const PATENT_NUMBER_PATTERN = /^[A-Za-z0-9.-]+$/;
const INTEGER_PATTERN = /^-?\d+$/;
const FLOAT_PATTERN = /^-?\d+(?:\.\d+)?$/;
const CHINESE_PATTERN = /^\p{Script=Han}+$/u;
/** Province abbreviations of mainland plates. */
const PROVINCES = '京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼';
/** Plate letters: A–Z without I and O. */
const L = 'A-HJ-NP-Z';
/** Ordinary 7-character plate (粤B12345, 京A1234学, 粤Z1234港). */
const PLATE_ORDINARY = new RegExp(`^[${PROVINCES}][${L}][${L}0-9]{4}[${L}0-9挂学警港澳]$`);
/** Small new-energy plate: energy letter (D/A/B/C/E electric, F/G/H/J/K other), 1 letter/digit, 4 digits. */
const PLATE_NEV_SMALL = new RegExp(`^[${PROVINCES}][${L}][A-HJK][${L}0-9]\\d{4}$`);
/** Large new-energy plate: 5 digits then D or F. */
const PLATE_NEV_LARGE = new RegExp(`^[${PROVINCES}][${L}]\\d{5}[DF]$`);

const isString = (value: unknown): value is string => typeof value === 'string';

// -------------------------------------------------------------- predicates
export const isEmail = (value: unknown): boolean =>
  isString(value) && value.length <= 254 && EMAIL_PATTERN.test(value);
export const isMobile = (value: unknown): boolean => isString(value) && MOBILE_PATTERN.test(value);
export const isMobileStrict = (value: unknown): boolean => isString(value) && MOBILE_STRICT_PATTERN.test(value);
export const isLandline = (value: unknown): boolean => isString(value) && LANDLINE_PATTERN.test(value);
/** Spec §5: a fax number follows the landline pattern. */
export const isFax = isLandline;
/** Spec §5 ID format: 18-character resident ID (17 digits + digit/X) or a 6–15 letter/digit passport. */
export const isIdNumber = (value: unknown): boolean =>
  isString(value) && (RESIDENT_ID_PATTERN.test(value) || PASSPORT_PATTERN.test(value));
/**
 * Stricter ID: as isIdNumber, but an 18-character resident ID must also pass
 * the GB 11643-1999 check digit and the birth-date sanity check.
 */
export const isIdNumberStrict = (value: unknown): boolean =>
  isString(value) && (RESIDENT_ID_PATTERN.test(value) ? isValidChineseIdNumber(value) : PASSPORT_PATTERN.test(value));
export const isPostcode = (value: unknown): boolean => isString(value) && POSTCODE_PATTERN.test(value);
/** Spec §5 contact: a mobile number, a landline or a 6–9 digit number. */
export const isContact = (value: unknown): boolean =>
  isMobile(value) || isLandline(value) || (isString(value) && SHORT_NUMBER_PATTERN.test(value));
export const isPatentNumber = (value: unknown): boolean => isString(value) && PATENT_NUMBER_PATTERN.test(value);
/**
 * Spec §5 dictionary field "required": null, undefined, NaN, a blank string
 * and an empty array fail; anything else (0 and false included) passes.
 */
export const isFilled = (value: unknown): boolean => {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (typeof value === 'number') return !Number.isNaN(value);
  if (Array.isArray(value)) return value.length > 0;
  return true;
};
/** Absolute http(s) URL with a host; no other scheme, no white space. */
export const isHttpUrl = (value: unknown): boolean => {
  if (!isString(value) || !/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
};
/** Integer: a number that is an integer, or text of an optional minus and digits. */
export const isInteger = (value: unknown): boolean =>
  typeof value === 'number' ? Number.isSafeInteger(value) : isString(value) && INTEGER_PATTERN.test(value);
/** Number ("float"): a finite number, or text like -12, 3.5 (no exponent, no bare point). */
export const isFloat = (value: unknown): boolean =>
  typeof value === 'number' ? Number.isFinite(value) : isString(value) && FLOAT_PATTERN.test(value);
/** Only Chinese (Han) characters, at least one. */
export const isChinese = (value: unknown): boolean => isString(value) && CHINESE_PATTERN.test(value);
/** Mainland licence plate, ordinary (7 characters) or new-energy (8 characters), no spaces. */
export const isLicencePlate = (value: unknown): boolean =>
  isString(value) && (PLATE_ORDINARY.test(value) || PLATE_NEV_SMALL.test(value) || PLATE_NEV_LARGE.test(value));
export const isUnifiedSocialCreditCode = (value: unknown): boolean =>
  isString(value) && isValidUnifiedSocialCreditCode(value);

/** Minimum password length. */
export const PASSWORD_MIN_LENGTH = 8;
/** Number of character classes in a password (lower, upper, digit, symbol). */
export function passwordClassCount(password: string): number {
  return [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9\s]/].filter((re) => re.test(password)).length;
}
/** At least 8 characters (code points) and at least three of: lower, upper, digit, symbol. */
export const isStrongPassword = (value: unknown): boolean =>
  isString(value) && Array.from(value).length >= PASSWORD_MIN_LENGTH && passwordClassCount(value) >= 3;

// ------------------------------------------------------------------- rules
/** A rule both sides share: `.refine(rule.test, rule.message)` or an Ant Design validator. */
export interface ValidationRule {
  readonly test: (value: unknown) => boolean;
  readonly message: string;
}

const rule = (test: (value: unknown) => boolean, message: string): ValidationRule => ({ test, message });

export const rules = {
  email: rule(isEmail, EMAIL_MESSAGE),
  mobile: rule(isMobile, MOBILE_MESSAGE),
  mobileStrict: rule(isMobileStrict, MOBILE_MESSAGE),
  landline: rule(isLandline, LANDLINE_MESSAGE),
  fax: rule(isFax, FAX_MESSAGE),
  idNumber: rule(isIdNumber, ID_NUMBER_MESSAGE),
  idNumberStrict: rule(isIdNumberStrict, ID_NUMBER_MESSAGE),
  postcode: rule(isPostcode, POSTCODE_MESSAGE),
  contact: rule(isContact, CONTACT_MESSAGE),
  patentNumber: rule(isPatentNumber, PATENT_NUMBER_MESSAGE),
  required: rule(isFilled, REQUIRED_MESSAGE),
  url: rule(isHttpUrl, URL_MESSAGE),
  integer: rule(isInteger, INTEGER_MESSAGE),
  float: rule(isFloat, FLOAT_MESSAGE),
  chinese: rule(isChinese, CHINESE_MESSAGE),
  licencePlate: rule(isLicencePlate, LICENCE_PLATE_MESSAGE),
  unifiedSocialCreditCode: rule(isUnifiedSocialCreditCode, USCC_MESSAGE),
  password: rule(isStrongPassword, PASSWORD_MESSAGE),
} as const satisfies Record<string, ValidationRule>;

export type RuleName = keyof typeof rules;

/** A fresh zod check of a rule: `z.string().check(toZodCheck(rules.mobile))`. */
export function toZodCheck<T = unknown>(r: ValidationRule) {
  return z.refine<T>((value) => r.test(value), r.message);
}

/** Zod refinements of every rule, e.g. `z.string().check(refinements.email)`. */
export const refinements = Object.fromEntries(
  Object.entries(rules).map(([name, r]) => [name, toZodCheck<string>(r)]),
) as { readonly [K in RuleName]: ReturnType<typeof toZodCheck<string>> };

/** Structural Ant Design form rule (antd is not a dependency of this package). */
export interface FormValidatorRule {
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

/**
 * Ant Design rule from a shared rule. Empty values (undefined, null, '') pass
 * unless `validateEmpty` is set, so format rules stay optional and `required`
 * stays a rule of its own; `rules.required` always validates empty values.
 */
export function toFormRule(r: ValidationRule, options: { validateEmpty?: boolean } = {}): FormValidatorRule {
  const validateEmpty = options.validateEmpty ?? r === rules.required;
  return {
    validator: (_rule, value) => {
      if (!validateEmpty && (value === undefined || value === null || value === '')) return Promise.resolve();
      return r.test(value) ? Promise.resolve() : Promise.reject(new Error(r.message));
    },
  };
}

// ----------------------------------------------------------------- schemas
/** Longest password accepted (keeps hashing cost bounded). */
export const PASSWORD_MAX_LENGTH = 128;
export const PASSWORD_TOO_LONG_MESSAGE = `密码长度不能超过${PASSWORD_MAX_LENGTH}位`;

/** A trimmed string tested by a rule; a missing or non-string value gets the rule's message too. */
const trimmedString = (r: ValidationRule) => z.string({ error: r.message }).trim().refine(r.test, r.message);

export const zEmail = trimmedString(rules.email);
/** Mobile number, strict form (1[3-9] + 9 digits): what the server stores. */
export const zMobile = trimmedString(rules.mobileStrict);
export const zLandline = trimmedString(rules.landline);
export const zFax = trimmedString(rules.fax);
/** Resident ID (with check digit and birth date) or passport. */
export const zIdNumber = trimmedString(rules.idNumberStrict);
export const zPostcode = trimmedString(rules.postcode);
export const zContact = trimmedString(rules.contact);
export const zPatentNumber = trimmedString(rules.patentNumber);
export const zHttpUrl = trimmedString(rules.url);
export const zLicencePlate = trimmedString(rules.licencePlate);
export const zUnifiedSocialCreditCode = trimmedString(rules.unifiedSocialCreditCode);
/** Required dictionary/text field: trimmed, not empty. */
export const zRequiredText = z.string({ error: REQUIRED_MESSAGE }).trim().min(1, REQUIRED_MESSAGE);
/** Password: never trimmed; strength rule, then an upper bound. */
export const zPassword = z
  .string({ error: PASSWORD_MESSAGE })
  .refine(isStrongPassword, PASSWORD_MESSAGE)
  .refine((value) => value.length <= PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG_MESSAGE);

/**
 * Review-fee bank accounts (收款账户, /rest/bank/*): each expert — any user, by user id — keeps one
 * account the office pays review fees into. The number is stored encrypted and answered masked
 * (6222 **** **** 1234) everywhere except getFullNumber, which only finance may call and which
 * leaves an operation-log row for every read.
 */
import { z } from 'zod';
import { defineCall, permissionsOf, SIGNED_IN } from '../contract';
import { auditFields, zLockVersion, zRemark } from '../records';
import { pageOf, zId, zPageParameter } from '../schemas';

/** The office's list; `full` is finance's 查看完整账号. */
export const BANK_PERMISSIONS = permissionsOf('award:bank', ['list', 'detail', 'full']);
/** The menu entry of 我的收款账户 (its calls need only a sign-in: everyone keeps their own account). */
export const MY_BANK_PERMISSIONS = permissionsOf('award:myBank', []);
export const BANK_TAG = '收款账户';

/** Digits only: spaces and dashes people type between groups are dropped first. */
const ACCOUNT_NUMBER_PATTERN = /^\d{12,30}$/;
export const ACCOUNT_NUMBER_MESSAGE = '银行账号应为12至30位数字';
/** The first save has no stored number to keep. */
export const ACCOUNT_NUMBER_REQUIRED_MESSAGE = '请填写银行账号';
const withoutSeparators = (v: string) => v.replace(/[\s-]/g, '');

const requiredText = (what: string, max: number) =>
  z.string({ error: `请填写${what}` }).trim().min(1, `请填写${what}`).max(max, `${what}不能超过${max}个字符`);

/**
 * The account as its owner saves it. `accountNumber` left empty keeps the stored number (the owner
 * only sees it masked); the first save must give one. `lockVersion` is the version read, null when
 * the owner had no account yet.
 */
export const myBankBody = z.object({
  accountName: requiredText('户名', 100),
  bankName: requiredText('开户银行', 100),
  branchName: requiredText('开户支行', 100),
  accountNumber: z
    .string({ error: ACCOUNT_NUMBER_MESSAGE })
    .nullish()
    .transform((v) => (v ? withoutSeparators(v) : null))
    .refine((v) => v === null || ACCOUNT_NUMBER_PATTERN.test(v), ACCOUNT_NUMBER_MESSAGE),
  remark: zRemark,
  lockVersion: zLockVersion.nullish(),
});

/** An account as every list and answer shows it: the number masked, with the owner it belongs to. */
export const bankAccountRow = z.object({
  id: zId,
  userId: zId,
  /** The owner's name (real name, else user name); null when the user is gone. */
  ownerName: z.string().nullable(),
  accountName: z.string(),
  bankName: z.string(),
  branchName: z.string(),
  accountNumberMasked: z.string(),
  remark: z.string().nullable(),
  ...auditFields,
});

const accountRef = z.object({ id: zId });

export const bankCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/bank/getBankPage',
    access: BANK_PERMISSIONS.list,
    tag: BANK_TAG,
    summary: '收款账户分页：按户名、开户银行查找；账号一律打码',
    body: z.object({
      pageParameter: zPageParameter,
      accountName: z.string().trim().max(100, '户名不能超过100个字符').optional(),
      bankName: z.string().trim().max(100, '开户银行不能超过100个字符').optional(),
    }),
    response: pageOf(bankAccountRow),
  }),
  detail: defineCall({
    method: 'POST',
    path: '/rest/bank/detail',
    access: BANK_PERMISSIONS.detail,
    tag: BANK_TAG,
    summary: '收款账户详情（账号打码）',
    body: accountRef,
    response: bankAccountRow,
  }),
  fullNumber: defineCall({
    method: 'POST',
    path: '/rest/bank/getFullNumber',
    access: BANK_PERMISSIONS.full,
    tag: BANK_TAG,
    summary: '查看完整银行账号（财务）：每次查看都记入操作日志',
    body: accountRef,
    response: z.object({ id: zId, accountNumber: z.string() }),
  }),
  mine: defineCall({
    method: 'POST',
    path: '/rest/bank/getMyBank',
    access: SIGNED_IN,
    tag: BANK_TAG,
    summary: '我的收款账户（账号打码）；尚未填写时为 null',
    response: bankAccountRow.nullable(),
  }),
  saveMine: defineCall({
    method: 'POST',
    path: '/rest/bank/saveMyBank',
    access: SIGNED_IN,
    tag: BANK_TAG,
    summary: '保存我的收款账户：账号留空则不修改；版本号过期时返回 409',
    body: myBankBody,
    response: bankAccountRow,
  }),
};

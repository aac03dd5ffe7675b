/** 收款账户: the office's list, finance's full number and everyone's own account (`@dandelion/shared/award/bank`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { bankCalls } from '@dandelion/shared/award/bank';
import { call } from '../../../api/call';
import type { PageQuery } from '../../../components/PagedTable';

export type BankAccount = CallData<typeof bankCalls.detail>;
export type BankSearch = Omit<CallInput<typeof bankCalls.page>, 'pageParameter'>;
export type MyBankValues = CallInput<typeof bankCalls.saveMine>;

export const BANK_TABLE_KEY = 'award:bank';
export const MY_BANK_QUERY_KEY = ['award', 'bank', 'mine'] as const;

export const bankApi = {
  page: (query: PageQuery<BankSearch>, signal: AbortSignal) => call(bankCalls.page, query, { signal }),
  detail: (id: string, signal?: AbortSignal) => call(bankCalls.detail, { id }, { signal, silent: true }),
  /** Logged on the server with who read whose account; the modal says so. */
  fullNumber: (id: string) => call(bankCalls.fullNumber, { id }, { silent: true }),
  mine: (signal?: AbortSignal) => call(bankCalls.mine, undefined, { signal, silent: true }),
  saveMine: (values: MyBankValues) => call(bankCalls.saveMine, values, { silent: true }),
};

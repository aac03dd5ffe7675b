/** 个人中心 › 两步验证: the user's own two-factor calls (the sign-in's second step is in api/auth.ts). */
import { useQuery } from '@tanstack/react-query';
import type { CallData } from '@dandelion/shared';
import { twoFactorCalls } from '@dandelion/shared/auth/twoFactor';
import { accountKeys } from '../../api/auth';
import { call } from '../../api/call';
import type { RequestOptions } from '../../api/http';

export type TwoFactorStatus = CallData<typeof twoFactorCalls.getStatus>;
export type Enrolment = CallData<typeof twoFactorCalls.beginEnrol>;

const SILENT: RequestOptions = { silent: true };

export const twoFactorKeys = { status: () => [...accountKeys.all, 'center', 'twoFactor'] as const };

export const fetchTwoFactorStatus = (options?: RequestOptions) => call(twoFactorCalls.getStatus, undefined, options);
export const beginEnrol = () => call(twoFactorCalls.beginEnrol, undefined, SILENT);
export const confirmEnrol = (code: string) => call(twoFactorCalls.confirmEnrol, { code }, SILENT);
export const disableTwoFactor = (password: string, code: string) => call(twoFactorCalls.disable, { password, code }, SILENT);
export const regenerateRecoveryCodes = (code: string) => call(twoFactorCalls.regenerateRecoveryCodes, { code }, SILENT);
export const forgetTrustedDevices = () => call(twoFactorCalls.forgetDevices, undefined, SILENT);

export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKeys.status(), queryFn: ({ signal }) => fetchTwoFactorStatus({ signal }) });
}

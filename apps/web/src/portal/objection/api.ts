/** The filer's objection calls (contracts in `@dandelion/shared/award/objection`): signed-in, console envelope. */
import type { CallData, CallInput } from '@dandelion/shared';
import { objectionCalls } from '@dandelion/shared/award/objection';
import { call } from '../../api/call';

export type MyObjection = CallData<typeof objectionCalls.mine>['list'][number];
export type ObjectionFileInput = CallInput<typeof objectionCalls.file>;

export const objectionKeys = {
  all: ['portal', 'objection'] as const,
  mine: (pageNum: number) => [...objectionKeys.all, 'mine', pageNum] as const,
};

export const objectionApi = {
  /** Silent: the form shows the server's refusal (not verified, window closed) in place. */
  file: (input: ObjectionFileInput) => call(objectionCalls.file, input, { silent: true }),
  mine: (pageNum: number, signal?: AbortSignal) => call(objectionCalls.mine, { pageParameter: { pageNum, pageSize: 10 } }, { signal }),
};

/** Serial-number rules: the console's calls of the shared contract (`@dandelion/shared/base/serial`). */
import { serialCalls } from '@dandelion/shared/base/serial';
import { call } from '../../../api/call';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';

export const serialApi = {
  ...recordApi(serialCalls),
  reset: (ruleId: string, lockVersion: number, confirmCode: string, currentValue: number | null) =>
    call(serialCalls.reset, { ruleId, lockVersion, confirmCode, currentValue }, { silent: true }),
  preview: (ruleCode: string, count: number, signal?: AbortSignal) => call(serialCalls.preview, { ruleCode, count }, { signal, silent: true }),
  take: (ruleCode: string, count: number) => call(serialCalls.next, { ruleCode, count }, { silent: true }),
};

export type SerialRule = RecordRow<typeof serialCalls>;
export type SerialRuleValues = RecordValues<typeof serialCalls>;
export type SerialSearch = RecordSearch<typeof serialCalls>;

export const SERIAL_TABLE_KEY = 'base:serial';

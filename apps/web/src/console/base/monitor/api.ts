/** Server monitor: the console's call of the shared contract (`@dandelion/shared/base/monitor`). */
import type { CallData } from '@dandelion/shared';
import { monitorCalls } from '@dandelion/shared/base/monitor';
import { call } from '../../../api/call';

export type MonitorInfo = CallData<typeof monitorCalls.info>;

// A few seconds beyond the server's own CPU sampling interval; silent: the page shows the failure itself.
export const fetchMonitorInfo = (signal?: AbortSignal) => call(monitorCalls.info, {}, { signal, silent: true, timeoutMs: 15_000 });

/** Layouts: the console's calls of the shared contract (`@dandelion/shared/system/layout`). */
import { layoutCalls } from '@dandelion/shared/system/layout';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';

export const layoutApi = recordApi(layoutCalls);
export type LayoutRecord = RecordRow<typeof layoutCalls>;
export type LayoutValues = RecordValues<typeof layoutCalls>;
export type LayoutSearch = RecordSearch<typeof layoutCalls>;

export const LAYOUT_TABLE_KEY = 'system-layout';

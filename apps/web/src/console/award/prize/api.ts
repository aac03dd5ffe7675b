/** Prizes: the console's calls of the shared contract (`@dandelion/shared/award/prize`). */
import { prizeCalls } from '@dandelion/shared/award/prize';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';

export const prizeApi = recordApi(prizeCalls);
export type Prize = RecordRow<typeof prizeCalls>;
export type PrizeFormValues = RecordValues<typeof prizeCalls>;
export type PrizeSearch = RecordSearch<typeof prizeCalls>;

export const PRIZE_TABLE_KEY = 'award:prize';

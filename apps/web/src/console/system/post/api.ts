/** Posts: the console's calls of the shared contract (`@dandelion/shared/system/post`). */
import { postCalls } from '@dandelion/shared/system/post';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';

export const postApi = recordApi(postCalls);
export type Post = RecordRow<typeof postCalls>;
export type PostValues = RecordValues<typeof postCalls>;
export type PostSearch = RecordSearch<typeof postCalls>;

export const POST_TABLE_KEY = 'system:post';

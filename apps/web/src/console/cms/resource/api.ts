/** The resource library: the console's calls of the shared contract (`@dandelion/shared/cms/resource`). */
import type { CallInput } from '@dandelion/shared';
import { resourceCalls } from '@dandelion/shared/cms/resource';
import { call } from '../../../api/call';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';

export const resourceApi = recordApi(resourceCalls);
export type Resource = RecordRow<typeof resourceCalls>;
export type ResourceBody = RecordValues<typeof resourceCalls>;
export type ResourceSearch = RecordSearch<typeof resourceCalls>;

export const RESOURCE_TABLE_KEY = 'cms:resource';

/** 发布文章: a draft article made from the resource; the dialog shows a refusal itself. */
export const addArticleFromResource = (body: CallInput<typeof resourceCalls.addArticle>) => call(resourceCalls.addArticle, body, { silent: true });

/** Data-permission rules: the console's calls of the shared contract (`@dandelion/shared/system/datapermission`). */
import type { CallData } from '@dandelion/shared';
import { dataPermissionCalls } from '@dandelion/shared/system/datapermission';
import { call } from '../../../api/call';
import { recordApi, type RecordRow, type RecordSearch, type RecordValues } from '../../../api/recordApi';
import type { PageQuery } from '../../../components/PagedTable';

export const ruleApi = recordApi(dataPermissionCalls);
/** A row of the list. */
export type Rule = CallData<typeof dataPermissionCalls.page>['list'][number];
/** A rule with the organisations of its CUSTOM scope (the form). */
export type RuleDetail = RecordRow<typeof dataPermissionCalls>;
export type RuleValues = RecordValues<typeof dataPermissionCalls>;
export type RuleSearch = RecordSearch<typeof dataPermissionCalls>;

export const DATAPERMISSION_TABLE_KEY = 'system:datapermission';

/** The list's rows leave out the organisations. */
export const fetchRulePage = (query: PageQuery<RuleSearch>, signal: AbortSignal) => call(dataPermissionCalls.page, query, { signal });

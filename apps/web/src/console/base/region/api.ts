/** Regions and region groups: the console's calls of the shared contract (`@dandelion/shared/base/region`). */
import type { CallData, CallInput } from '@dandelion/shared';
import { regionCalls as calls } from '@dandelion/shared/base/region';
import { call } from '../../../api/call';

export type Region = CallData<typeof calls.tree>[number];
export type FoundRegion = CallData<typeof calls.search>['list'][number];
export type RegionDetail = CallData<typeof calls.detail>;
export type RegionValues = CallInput<typeof calls.add>;
export type GroupRow = CallData<typeof calls.groupPage>['list'][number];
export type GroupDetail = CallData<typeof calls.groupDetail>;
export type GroupValues = CallInput<typeof calls.addGroup>;
export type GroupSearch = Omit<CallInput<typeof calls.groupPage>, 'pageParameter'>;
type PageQuery<S> = S & { pageParameter: { pageNum: number; pageSize: number } };

export const regionApi = {
  level: (parentId: string | null) => call(calls.tree, parentId ? { parentId } : {}),
  search: (query: PageQuery<{ keyword: string }>, signal: AbortSignal) => call(calls.search, query, { signal }),
  detail: (regionId: string) => call(calls.detail, { regionId }, { silent: true }),
  add: (values: RegionValues) => call(calls.add, values, { silent: true }),
  update: (region: Pick<Region, 'regionId' | 'lockVersion'>, values: RegionValues) =>
    call(calls.update, { ...values, regionId: region.regionId, lockVersion: region.lockVersion }, { silent: true }),
  remove: (region: Pick<Region, 'regionId' | 'lockVersion'>) => call(calls.remove, { regionId: region.regionId, lockVersion: region.lockVersion }),

  groupPage: (query: PageQuery<GroupSearch>, signal: AbortSignal) => call(calls.groupPage, query, { signal }),
  group: (groupId: string) => call(calls.groupDetail, { groupId }, { silent: true }),
  addGroup: (values: GroupValues) => call(calls.addGroup, values, { silent: true }),
  updateGroup: (group: Pick<GroupRow, 'groupId' | 'lockVersion'>, values: GroupValues) =>
    call(calls.updateGroup, { ...values, groupId: group.groupId, lockVersion: group.lockVersion }, { silent: true }),
  removeGroup: (group: Pick<GroupRow, 'groupId' | 'lockVersion'>) => call(calls.removeGroup, { groupId: group.groupId, lockVersion: group.lockVersion }),
};

export const REGION_SEARCH_TABLE_KEY = 'base:region:search';
export const GROUP_TABLE_KEY = 'base:region:groups';

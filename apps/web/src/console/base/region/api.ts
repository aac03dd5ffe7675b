/** Regions and region groups (/rest/region/*); server: apps/server/src/modules/base/region/. */
import type { Page } from '@dandelion/shared';
import { postJson } from '../../../api/http';
import type { PageQuery } from '../../../components/PagedTable';

export const REGION_PERMISSIONS = {
  list: 'base:region:list',
  add: 'base:region:add',
  upd: 'base:region:upd',
  del: 'base:region:del',
} as const;

export const REGION_LEVEL_LABELS: Readonly<Record<number, string>> = { 1: '省级', 2: '地市级', 3: '区县级', 4: '乡镇级', 5: '村级' };
export const REGION_CODE_PATTERN = /^\d{6,12}$/;
export const REGION_CODE_MESSAGE = '区划代码须为6至12位数字';
/** Province, city, county, township, village. */
export const MAX_REGION_LEVEL = 5;

export interface Region {
  regionId: string;
  parentId: string | null;
  parentCode: string | null;
  regionCode: string;
  regionName: string;
  regionLevel: number;
  sort: number;
  remark: string | null;
  hasChildren: boolean;
  lockVersion: number;
  createTime: string;
  updateTime: string;
  updateBy: string | null;
}

export interface FoundRegion extends Region {
  fullName: string;
  pathCodes: string[];
}

export interface RegionDetail extends Region {
  parentPath: string[];
  fullName: string;
}

export interface RegionValues {
  parentCode: string | null;
  regionCode: string;
  regionName: string;
  sort?: number;
  remark: string | null;
}

export interface GroupMember {
  regionId: string;
  regionCode: string;
  regionName: string;
  regionLevel: number;
}

export interface RegionGroup {
  groupId: string;
  groupCode: string;
  groupName: string;
  sort: number;
  remark: string | null;
  memberCount: number;
  lockVersion: number;
  updateTime: string;
}

export interface GroupRow extends RegionGroup {
  memberNames: string[];
}

export interface GroupDetail extends RegionGroup {
  members: GroupMember[];
}

export interface GroupValues {
  groupCode: string;
  groupName: string;
  sort: number;
  remark: string | null;
  regionCodes: string[];
}

export interface GroupSearch {
  groupCode?: string;
  groupName?: string;
}

export const fetchRegionLevel = (parentId: string | null) => postJson<Region[]>('/rest/region/tree', parentId ? { parentId } : {});
export const searchRegions = (query: PageQuery<{ keyword: string }>, signal: AbortSignal) =>
  postJson<Page<FoundRegion>>('/rest/region/search', query, { signal });
export const fetchRegion = (regionId: string) => postJson<RegionDetail>('/rest/region/detail', { regionId }, { silent: true });
export const addRegion = (values: RegionValues) => postJson<Region>('/rest/region/add', values, { silent: true });
export const updateRegion = (region: Region, values: RegionValues) =>
  postJson<Region>('/rest/region/update', { ...values, regionId: region.regionId, lockVersion: region.lockVersion }, { silent: true });
export const deleteRegion = (region: Region) => postJson<null>('/rest/region/delete', { regionId: region.regionId, lockVersion: region.lockVersion });

export const fetchGroupPage = (query: PageQuery<GroupSearch>, signal: AbortSignal) => postJson<Page<GroupRow>>('/rest/region/groupPage', query, { signal });
export const fetchGroup = (groupId: string) => postJson<GroupDetail>('/rest/region/groupDetail', { groupId }, { silent: true });
export const addGroup = (values: GroupValues) => postJson<GroupDetail>('/rest/region/addGroup', values, { silent: true });
export const updateGroup = (group: RegionGroup, values: GroupValues) =>
  postJson<GroupDetail>('/rest/region/updateGroup', { ...values, groupId: group.groupId, lockVersion: group.lockVersion }, { silent: true });
export const deleteGroup = (group: RegionGroup) => postJson<null>('/rest/region/deleteGroup', { groupId: group.groupId, lockVersion: group.lockVersion });

export const REGION_SEARCH_TABLE_KEY = 'base:region:search';
export const GROUP_TABLE_KEY = 'base:region:groups';

export { RegionCascader } from './RegionCascader';
export type { RegionCascaderProps, RegionPick } from './RegionCascader';
export { fetchRegionChildren, forgetRegions, regionChildren, regionKeys } from './regionApi';
export type { RegionOption } from './regionApi';

export { OrgTreeSelect, fetchOrgChildren, orgTreeKey } from './OrgTreeSelect';
export type { OrgNode, OrgTreeSelectProps } from './OrgTreeSelect';

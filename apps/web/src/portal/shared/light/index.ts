// The components most pages use. The ones only a few pages need (Select, Table, Popconfirm, Confirm, ClampText) are
// imported from their own files, so that they stay in those pages' chunks instead of the one every page loads.
export { PortalBreadcrumbList } from './Breadcrumb';
export { PortalButton } from './Button';
export { PortalCard } from './Card';
export { PortalEmpty } from './Empty';
export { PortalPagination } from './Pagination';
export { PortalSkeleton, SkeletonBlock } from './Skeleton';
export { PortalTabs } from './Tabs';
export { PortalTag, type TagColor } from './Tag';
export { SearchInput } from './SearchInput';
export { toast } from './toast';

export { PortalBreadcrumbList } from './Breadcrumb';
export { PortalButton } from './Button';
export { PortalCard } from './Card';
export { PortalEmpty } from './Empty';
export { PortalPagination } from './Pagination';
export { PortalSkeleton, SkeletonBlock } from './Skeleton';
export { PortalTabs } from './Tabs';
export { PortalTag, type TagColor } from './Tag';
export { SearchInput } from './SearchInput';

export { PortalButton } from './Button';
export { PortalCard } from './Card';
export { PortalEmpty } from './Empty';
export { PortalSkeleton, SkeletonBlock } from './Skeleton';

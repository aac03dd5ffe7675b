export { NumberText } from './NumberText';
export type { NumberTextProps } from './NumberText';
export { EllipsisText } from './EllipsisText';
export type { EllipsisTextProps } from './EllipsisText';

export { TreePanel, treePanelKey } from './TreePanel';
export type { TreePanelProps } from './TreePanel';
export { NARROW_QUERY, useNarrowScreen } from './useNarrowScreen';

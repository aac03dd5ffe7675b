export { TreePanel, treePanelKey } from './TreePanel';
export type { TreePanelProps } from './TreePanel';

export { ActionBar, arrangeActions, visibleActions } from './ActionBar';
export type { ActionBarProps, ActionButton, ActionConfirm } from './ActionBar';
export { useRecordActions } from './recordActions';
export type { DeleteOptions, RemoveSelectedOptions, ToggleStatusOptions } from './recordActions';

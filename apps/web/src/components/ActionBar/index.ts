export { ActionBar, arrangeActions, visibleActions } from './ActionBar';
export type { ActionBarProps, ActionButton, ActionConfirm } from './ActionBar';

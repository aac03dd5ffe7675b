/** What the lead mounts: the entry action in /queryDetail's slot and 我的异议 in /center. */
export { MyObjections } from './MyObjections';
export { ObjectionEntryAction, type ObjectionEntryActionProps } from './ObjectionEntryAction';

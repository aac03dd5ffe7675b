// Form pieces drawn with plain elements and a little CSS (antd's look, none of its code), for pages that must
// paint before any antd chunk has arrived: the sign-in page first.
export { PlainErrorAlert } from './Alert';
export { BusyOverlay } from './BusyOverlay';
export { PlainButton } from './Button';
export { PlainCheckbox } from './Checkbox';
export { PlainField, PlainInput, PlainPasswordInput, errorIdOf, type PlainInputProps } from './Field';
export { PlainIcon, type PlainIconName } from './icons';
export { PlainTabs } from './Tabs';
export { toast } from './toast';
export { matching, required, sharedRule, usePlainForm, type FieldCheck, type FieldChecks, type PlainForm } from './usePlainForm';

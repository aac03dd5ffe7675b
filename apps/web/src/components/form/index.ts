export { FormPage } from './FormPage';
export type { FormPageProps, SaveContext } from './FormPage';
export { FORM_MODE_LABELS, formModeOf, siblingPath, useFormMode } from './useFormMode';
export type { FormMode, FormModeState } from './useFormMode';
export { fieldRules, requiredRule, ruleFromValidator } from './rules';
export { rulesOf, zodRule } from './zodRules';
export { FormModal } from './FormModal';
export type { FormModalProps } from './FormModal';
export { RemarkField, SortField, StatusField } from './RecordFields';

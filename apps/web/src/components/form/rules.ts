/**
 * Ant Design rules built from the shared validators (spec §5), so a form shows exactly the
 * message the server would answer with.
 */
import type { FormRule } from 'antd';
import { REQUIRED_MESSAGE, rules, toFormRule, type RuleName, type ValidationRule } from '@dandelion/shared';

/**
 * A form rule from a shared rule, by name (`'mobile'`) or value (`rules.mobileStrict`). Empty
 * values pass, so a format rule never makes a field required; pair it with `requiredRule()`.
 */
export function ruleFromValidator(rule: RuleName | ValidationRule, options: { validateEmpty?: boolean } = {}): FormRule {
  const shared = typeof rule === 'string' ? rules[rule] : rule;
  return toFormRule(shared, options);
}

/**
 * Required, with the spec's message (填写内容不能为空) unless given. `required: true` gives the
 * label its asterisk; the shared predicate decides, so blank text and empty lists fail too.
 */
export function requiredRule(message: string = REQUIRED_MESSAGE): FormRule {
  const { validator } = toFormRule(rules.required);
  return {
    required: true,
    validator: (rule, value) => validator(rule, value).catch(() => Promise.reject(new Error(message))),
  };
}

/** The rules of a field: required first (when asked), then each shared format rule. */
export function fieldRules(names: readonly (RuleName | ValidationRule)[], options: { required?: boolean | string } = {}): FormRule[] {
  const { required } = options;
  const head = required ? [requiredRule(typeof required === 'string' ? required : undefined)] : [];
  return [...head, ...names.map((name) => ruleFromValidator(name))];
}

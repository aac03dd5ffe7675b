import { useRef, useState } from 'react';
import type { ValidationRule } from '@dandelion/shared';

/** One check of a field's value: the message to show, or null when the value passes. */
export type FieldCheck = (value: string) => string | null;

/** A value must be given; blanks count as missing unless `whitespace` is false (antd's `whitespace` flag). */
export const required =
  (message: string, { whitespace = true } = {}): FieldCheck =>
  (value) =>
    (whitespace ? value.trim() : value) ? null : message;

/**
 * A shared contract rule (`rules.mobile`, `rulesOf(...)`) with its own message. As with
 * `toFormRule`, an empty value passes: whether it may be empty is `required`'s business.
 */
export const sharedRule =
  (rule: ValidationRule): FieldCheck =>
  (value) =>
    value === '' || rule.test(value) ? null : rule.message;

/** The whole value must match `pattern` (an empty one does not). */
export const matching =
  (pattern: RegExp, message: string): FieldCheck =>
  (value) =>
    pattern.test(value) ? null : message;

export type FieldChecks<Name extends string> = Partial<Record<Name, readonly FieldCheck[]>>;

const firstFailure = (checks: readonly FieldCheck[] = [], value: string) => {
  for (const check of checks) {
    const message = check(value);
    if (message) return message;
  }
  return null;
};

/**
 * The state of a small form drawn with plain elements: values, and the message of each field that
 * failed its checks. A field is checked when it is left after an edit and on submit; from then on
 * every change checks it again, so the message goes as soon as the value is right.
 */
export function usePlainForm<Name extends string>(initial: Partial<Record<Name, string>> = {}) {
  const [values, setValues] = useState<Partial<Record<Name, string>>>(initial);
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  /** Fields edited since they were last cleared, and fields that re-check on every change. */
  const edited = useRef(new Set<Name>());
  const watched = useRef(new Set<Name>());

  const setError = (name: Name, message: string | null) =>
    setErrors((current) => (current[name] === (message ?? undefined) ? current : { ...current, [name]: message ?? undefined }));

  /** The props of one field's input: value, change and blur handlers, and its message. */
  const field = (name: Name, checks: readonly FieldCheck[] = []) => ({
    value: values[name] ?? '',
    error: errors[name],
    onValue: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      edited.current.add(name);
      if (watched.current.has(name)) setError(name, firstFailure(checks, value));
    },
    onBlur: () => {
      if (!edited.current.has(name)) return;
      watched.current.add(name);
      setError(name, firstFailure(checks, values[name] ?? ''));
    },
  });

  /** Checks the given fields and shows their messages; true when all pass. */
  const validate = (checksByName: FieldChecks<Name>): boolean => {
    const found: Partial<Record<Name, string>> = {};
    let valid = true;
    for (const name of Object.keys(checksByName) as Name[]) {
      watched.current.add(name);
      const message = firstFailure(checksByName[name], values[name] ?? '');
      found[name] = message ?? undefined;
      if (message) valid = false;
    }
    setErrors((current) => ({ ...current, ...found }));
    return valid;
  };

  return {
    values,
    errors,
    field,
    validate,
    /** The trimmed value of a field ('' when empty). */
    text: (name: Name) => (values[name] ?? '').trim(),
    setValue: (name: Name, value: string) => setValues((current) => ({ ...current, [name]: value })),
    /** Shows a message of the caller's (a refusal about one field). */
    setError,
    /** Forgets the messages, and that any field was edited (another tab, another step). */
    clearErrors: () => {
      edited.current.clear();
      watched.current.clear();
      setErrors({});
    },
  };
}

export type PlainForm<Name extends string> = ReturnType<typeof usePlainForm<Name>>;

import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { PlainIcon, type PlainIconName } from './icons';
import './plain.css';

/** The id of a field's message, which its input names in `aria-describedby`. */
export const errorIdOf = (inputId: string) => `${inputId}_help`;

interface PlainFieldProps {
  /** Id of the input the label points at. */
  inputId: string;
  label: string;
  /** The field's validation message, shown under it and announced. */
  error?: string;
  children: ReactNode;
}

/** A labelled form row: label above, the control, its message below (antd's vertical form item). */
export function PlainField({ inputId, label, error, children }: PlainFieldProps) {
  return (
    <div className={error ? 'dl-plain-field dl-plain-field--error' : 'dl-plain-field'}>
      <label className="dl-plain-field__label" htmlFor={inputId}>
        {label}
      </label>
      {children}
      {error && (
        <div id={errorIdOf(inputId)} className="dl-plain-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

export interface PlainInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'value'> {
  id: string;
  value: string;
  /** Called with the new text on every change. */
  onValue: (value: string) => void;
  /** The icon before the text. */
  prefix?: PlainIconName;
  /** What follows the text inside the box (the password's show/hide button). */
  suffix?: ReactNode;
  /** The field's message, if any: marks the input invalid and names the message. */
  error?: string;
}

/** A large text input with a leading icon (antd's Input, size large). */
export function PlainInput({ prefix, suffix, error, onValue, onChange, className, ...rest }: PlainInputProps) {
  return (
    <span className={['dl-plain-input', error && 'dl-plain-input--invalid', className].filter(Boolean).join(' ')}>
      {prefix && <PlainIcon name={prefix} className="dl-plain-input__prefix" />}
      <input
        {...rest}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorIdOf(rest.id) : undefined}
        onChange={(e) => {
          onChange?.(e);
          onValue(e.target.value);
        }}
      />
      {suffix}
    </span>
  );
}

/** A password input whose eye button shows or hides what was typed (antd's Input.Password). */
export function PlainPasswordInput(props: Omit<PlainInputProps, 'type' | 'suffix'>) {
  const [shown, setShown] = useState(false);
  return (
    <PlainInput
      {...props}
      type={shown ? 'text' : 'password'}
      suffix={
        <button
          type="button"
          className="dl-plain-input__toggle"
          aria-label={shown ? '隐藏密码' : '显示密码'}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          <PlainIcon name={shown ? 'eye' : 'eyeInvisible'} />
        </button>
      }
    />
  );
}

import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import './form.css';

/** The id of a field's message, which its control names in `aria-describedby` (antd's `${id}_help`). */
export const helpIdOf = (id: string) => `${id}_help`;

interface FormItemProps {
  /** Id of the control the label points at. */
  htmlFor: string;
  label: string;
  /** The red asterisk before the label (antd's requiredMark). */
  required?: boolean;
  /** The field's message, shown under it in red. */
  error?: string | null;
  /** Grey help under the field (antd's `extra`). */
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A vertical form row with antd Form.Item's look at the middle size: label (with the required mark) above, the
 * control, its message and help below; the row's 24 px bottom gap gives way to the message, as antd's does.
 */
export function FormItem({ htmlFor, label, required, error, extra, children }: FormItemProps) {
  return (
    <div className={['dl-form-item', error && 'dl-form-item--error'].filter(Boolean).join(' ')}>
      <div className="dl-form-item__label">
        <label htmlFor={htmlFor} className={required ? 'dl-form-item__required' : undefined} title={label}>
          {label}
        </label>
      </div>
      {children}
      {(error || extra != null) && (
        // antd's "additional" block: 24 px per part shown, the message (22 px) above the help.
        <div className={error && extra != null ? 'dl-form-item__additional dl-form-item__additional--both' : 'dl-form-item__additional'}>
          {error && (
            <div id={helpIdOf(htmlFor)} className="dl-form-item__explain" role="alert">
              {error}
            </div>
          )}
          {extra != null && <div className="dl-form-item__extra">{extra}</div>}
        </div>
      )}
    </div>
  );
}

/** The attributes that mark a control invalid and name its message. */
export const invalidProps = (id: string, error: string | null | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': helpIdOf(id) } : {});

/** antd Input (middle size) as a plain input. */
export function TextInput({ invalid, className, ...rest }: InputHTMLAttributes<HTMLInputElement> & { invalid?: boolean }) {
  return <input type="text" {...rest} className={['dl-input', invalid && 'dl-input--invalid', className].filter(Boolean).join(' ')} />;
}

/** antd Input.TextArea with `showCount`: the box, and `n / max` under its right edge. */
export function CountedTextArea({ invalid, value, maxLength, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement> & { value: string; maxLength: number; invalid?: boolean }) {
  return (
    <span className={['dl-textarea', invalid && 'dl-input--invalid'].filter(Boolean).join(' ')}>
      <textarea {...rest} value={value} maxLength={maxLength} />
      <span className="dl-textarea__count">{`${value.length} / ${maxLength}`}</span>
    </span>
  );
}

import type { ReactNode } from 'react';
import './plain.css';

/** A native checkbox with its text as the label, in the brand colour. */
export function PlainCheckbox({ checked, onChange, children }: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }) {
  return (
    <label className="dl-plain-checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </label>
  );
}

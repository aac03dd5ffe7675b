import './select.css';

interface PortalSelectProps<V extends string> {
  value: V | undefined;
  /** undefined when the placeholder (全部…) is chosen again: antd's allowClear. */
  onChange: (value: V | undefined) => void;
  options: readonly { value: V; label: string }[];
  /** The first entry, meaning "no filter" (全部届次); shown in grey while chosen, like antd's placeholder. */
  placeholder: string;
  'aria-label': string;
  className?: string;
  style?: React.CSSProperties;
}

/**
 * A filter's drop-down with antd Select's closed look (32 px box, grey placeholder, arrow) drawn on the browser's
 * own <select>: the list that opens is the system's (a native picker on a phone), and choosing the placeholder
 * again clears the filter. No antd code.
 */
export function PortalSelect<V extends string>({ value, onChange, options, placeholder, 'aria-label': label, className, style }: PortalSelectProps<V>) {
  return (
    <span className={['dl-select', value === undefined && 'dl-select--placeholder', className].filter(Boolean).join(' ')} style={style}>
      <select aria-label={label} value={value ?? ''} onChange={(e) => onChange(e.target.value === '' ? undefined : (e.target.value as V))}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <SelectArrow />
    </span>
  );
}

/** antd's down arrow at the select's right edge; shared by every native select drawn in the light look. */
export function SelectArrow() {
  return (
    <svg className="dl-select__arrow" viewBox="64 64 896 896" width="12" height="12" fill="currentColor" aria-hidden focusable="false">
      <path d="M884 256h-75c-5.1 0-9.9 2.5-12.9 6.6L512 654.2 227.9 262.6c-3-4.1-7.8-6.6-12.9-6.6h-75c-6.5 0-10.3 7.4-6.5 12.7l352.6 486.1c12.8 17.6 39 17.6 51.7 0l352.6-486.1c3.9-5.3.1-12.7-6.4-12.7z" />
    </svg>
  );
}

import { useState } from 'react';
import './search-input.css';

/** antd's SearchOutlined and CloseCircleFilled, drawn inline. */
const searchIcon = (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden>
    <path d="M909.6 854.5 649.9 594.8C690.2 542.7 712 479 712 412c0-80.2-31.3-155.4-87.9-212.1-56.6-56.7-132-87.9-212.1-87.9s-155.5 31.3-212.1 87.9C143.2 256.5 112 331.8 112 412c0 80.1 31.3 155.5 87.9 212.1C256.5 680.8 331.8 712 412 712c67 0 130.6-21.8 182.7-62l259.7 259.6a8.2 8.2 0 0 0 11.6 0l43.6-43.5a8.2 8.2 0 0 0 0-11.6zM570.4 570.4C528 612.7 471.8 636 412 636s-116-23.3-158.4-65.6C211.3 528 188 471.8 188 412s23.3-116.1 65.6-158.4C296 211.3 352.2 188 412 188s116.1 23.2 158.4 65.6S636 352.2 636 412s-23.3 116.1-65.6 158.4z" />
  </svg>
);
const clearIcon = (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" focusable="false" aria-hidden>
    <path d="M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 0 0-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 0 0-.05.09.12.12 0 0 0 0 .07v.02a.27.27 0 0 0 .06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 0 0 0 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 0 0 .09.05.12.12 0 0 0 .07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 0 0 .07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 0 0 .05-.09.12.12 0 0 0 0-.07v-.02a.27.27 0 0 0-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 0 0 0-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 0 0-.09-.05.12.12 0 0 0-.07 0z" />
  </svg>
);

interface SearchInputProps {
  /** Controlled text; without it the box keeps its own. */
  value?: string;
  onChange?: (text: string) => void;
  /** Enter or the button; clearing the box searches '' (as antd's Input.Search with allowClear). */
  onSearch: (text: string) => void;
  placeholder?: string;
  'aria-label': string;
  maxLength?: number;
  /** The search button in the brand blue (antd's enterButton), with this text instead of the icon when a string; otherwise a plain button with the icon. */
  enterButton?: boolean | string;
}

/** A search box with its primary search button and a clear icon: antd Input.Search's look, without antd. */
export function SearchInput({ value, onChange, onSearch, placeholder, 'aria-label': label, maxLength, enterButton = false }: SearchInputProps) {
  const [own, setOwn] = useState('');
  const text = value ?? own;
  const set = (next: string) => {
    if (value === undefined) setOwn(next);
    onChange?.(next);
  };
  return (
    <span className="dl-search-input">
      <span className="dl-search-input__field">
        <input
          type="search"
          value={text}
          onChange={(e) => set(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            // Enter searches here, not through an enclosing form's submission.
            e.preventDefault();
            onSearch(text);
          }}
          placeholder={placeholder}
          aria-label={label}
          maxLength={maxLength}
        />
        {text && (
          <button
            type="button"
            className="dl-search-input__clear"
            aria-label="清除"
            tabIndex={-1}
            onClick={() => {
              set('');
              onSearch('');
            }}
          >
            {clearIcon}
          </button>
        )}
      </span>
      <button type="button" className={['dl-search-input__submit', enterButton && 'dl-search-input__submit--primary', typeof enterButton === 'string' && 'dl-search-input__submit--text'].filter(Boolean).join(' ')} aria-label={typeof enterButton === 'string' ? undefined : '搜索'} onClick={() => onSearch(text)}>
        {typeof enterButton === 'string' ? enterButton : searchIcon}
      </button>
    </span>
  );
}

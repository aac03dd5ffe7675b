import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import './site-search.css';

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

/** The header's search box: a keyword opens /search?keyword=…. */
export function SiteSearchBox({ className, onSearched }: { className?: string; onSearched?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const current = pathname === '/search' ? (params.get('keyword') ?? '') : '';
  const [value, setValue] = useState(current);
  // A new search (or leaving /search) replaces what was typed; adjusting during render avoids a second paint.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setValue(current);
  }

  const search = () => {
    const keyword = value.trim();
    if (!keyword) return;
    navigate(`/search?keyword=${encodeURIComponent(keyword)}`);
    onSearched?.();
  };

  return (
    <form
      role="search"
      className={['dl-site-search', className].filter(Boolean).join(' ')}
      onSubmit={(e) => {
        e.preventDefault();
        search();
      }}
    >
      <span className="dl-site-search__field">
        <input
          type="search"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            // Enter searches here (not through the form's implicit submission), as antd's Input.Search did.
            if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
            e.preventDefault();
            search();
          }}
          placeholder="搜索文章"
          aria-label="站内搜索"
          maxLength={50}
        />
        {value && (
          <button type="button" className="dl-site-search__clear" aria-label="清除" tabIndex={-1} onClick={() => setValue('')}>
            {clearIcon}
          </button>
        )}
      </span>
      <button type="submit" className="dl-site-search__submit" aria-label="搜索">
        {searchIcon}
      </button>
    </form>
  );
}

import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SearchInput } from '../shared/light';

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

  return (
    <div role="search" className={className}>
      <SearchInput
        value={value}
        onChange={setValue}
        placeholder="搜索文章"
        aria-label="站内搜索"
        maxLength={50}
        enterButton
        onSearch={(text) => {
          const keyword = text.trim();
          if (!keyword) return;
          navigate(`/search?keyword=${encodeURIComponent(keyword)}`);
          onSearched?.();
        }}
      />
    </div>
  );
}

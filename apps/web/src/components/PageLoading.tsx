import './PageLoading.css';

/**
 * Shown while a page's code chunk loads (first load and navigations alike). antd's large Spin drawn
 * with plain elements (PageLoading.css): it is the start-up's fallback, before antd has loaded.
 */
export function PageLoading() {
  return (
    <div className="dl-page-loading" role="status" aria-label="页面加载中">
      <SpinDot />
    </div>
  );
}

/** antd's spinning dots, drawn with plain elements (PageLoading.css). */
export function SpinDot() {
  return (
    <span className="dl-spin-dot" aria-hidden="true">
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}

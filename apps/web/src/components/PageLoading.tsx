import { Spin } from 'antd';

/** Shown while a page's code chunk loads (first load and navigations alike). */
export function PageLoading() {
  return (
    <div className="dl-page-loading" role="status" aria-label="页面加载中">
      <Spin size="large" />
    </div>
  );
}

import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PortalPagination, PortalSkeleton } from '../shared/light';
import { catalogPath, usePortalIndex } from '../api';
import { useCatalogTree, useContentPage, useSubCatalogs } from '../contentApi';
import { catalogNameOf, catalogTrail } from '../shared/catalogs';
import { LoadFailure } from '../shared/LoadFailure';
import { PortalBreadcrumb } from '../shared/PortalBreadcrumb';
import { useLoadErrorToast } from '../shared/useLoadErrorToast';
import { usePageParam } from '../shared/usePageParam';
import { usePortalTitle } from '../shared/usePortalTitle';
import { useViewMode, viewModeOfStyle, type ViewMode } from '../shared/useViewMode';
import { CatalogContentTree } from '../widgets/CatalogContentTree';
import { CatalogTree } from '../widgets/CatalogTree';
import { ContentList } from '../widgets/ContentList';
import { ALL_TAB, ListTitle } from '../widgets/ListTitle';
import '../shared/portal-page.css';

const PAGE_SIZE = { bars: 10, grid: 12, table: 15 } as const satisfies Record<ViewMode, number>;

interface CatalogListViewProps {
  /** The catalogue the page is bound to. */
  code: string;
  /** The view mode when neither the visitor nor the catalogue's template style has chosen one. */
  defaultMode?: ViewMode;
  /** Above the list (an entry band, a form link). */
  lead?: ReactNode;
  /** Below the catalogue tree in the side column. */
  aside?: ReactNode;
}

/**
 * A catalogue's list page (spec §2): breadcrumb, list title with the sub-catalogues as tabs and
 * the list/grid/table toggle (remembered per catalogue), one page of articles, pagination, and
 * the site's catalogue tree beside. ?tab= picks a sub-catalogue, ?page= the page.
 */
export function CatalogListView({ code, defaultMode = 'bars', lead, aside }: CatalogListViewProps) {
  const index = usePortalIndex();
  const catalogs = index.data?.catalogs ?? [];
  // Names and breadcrumbs from the full tree: it also has the catalogues kept out of the navigation.
  const fullTree = useCatalogTree().data ?? catalogs;
  const trail = catalogTrail(fullTree, code);
  const catalog = trail.at(-1);
  const name = catalogNameOf(fullTree, code);
  usePortalTitle(name);

  const [params, setParams] = useSearchParams();
  const [pageNum, setPageNum] = usePageParam();
  const subCatalogs = useSubCatalogs(code);
  const tabs = subCatalogs.data ?? [];
  const requestedTab = params.get('tab') ?? ALL_TAB;
  const tab = tabs.some((t) => t.code === requestedTab) ? requestedTab : ALL_TAB;

  const [mode, setMode] = useViewMode(code, viewModeOfStyle(catalog?.templateStyle), defaultMode);
  const pageSize = PAGE_SIZE[mode];
  const list = useContentPage({
    catalogCode: tab || code,
    pageNum,
    pageSize,
    // 全部 always asks for the sub-catalogues too: the same answer for a catalogue without any, and
    // the list need not wait for the tabs to know.
    includeChildren: tab === ALL_TAB,
  });
  useLoadErrorToast(list.error ?? subCatalogs.error);

  const chooseTab = (next: string) =>
    setParams((prev) => {
      const copy = new URLSearchParams(prev);
      if (next) copy.set('tab', next);
      else copy.delete('tab');
      copy.delete('page');
      return copy;
    });

  const chooseMode = (next: ViewMode) => {
    setMode(next);
    // Page sizes differ per mode: start again from the first page.
    setPageNum(1);
  };

  let body: ReactNode;
  if (list.isPending) body = <PortalSkeleton rows={8} />;
  else if (list.error && !list.data)
    body = <LoadFailure title="列表加载失败" error={list.error} retrying={list.isFetching} onRetry={() => void list.refetch()} />;
  else
    body = (
      <>
        <ContentList items={list.data?.list ?? []} mode={mode} showCatalog={tab === ALL_TAB && tabs.length > 0} empty="该栏目暂无内容" />
        {(list.data?.total ?? 0) > pageSize && (
          <PortalPagination
            className="dl-portal-page__pager"
            current={pageNum}
            pageSize={pageSize}
            total={list.data?.total ?? 0}
                        showTotal={(total) => `共 ${total} 条`}
            onChange={(page) => {
              setPageNum(page);
              window.scrollTo?.({ top: 0 });
            }}
          />
        )}
      </>
    );

  const crumbs = (trail.length > 0 ? trail : [{ catalogName: name, code }]).map((c) => ({ title: c.catalogName, to: catalogPath(c.code) }));

  return (
    <div className="dl-container dl-portal-page">
      <PortalBreadcrumb trail={crumbs} />
      {lead && <div className="dl-portal-page__lead">{lead}</div>}
      <div className="dl-portal-page__body">
        <section className="dl-portal-page__main" aria-busy={list.isFetching}>
          {/* One article looks the same as a list, a grid or a table: the toggle is offered from two on. */}
          <ListTitle
            title={name}
            tabs={tabs}
            activeTab={tab}
            onTabChange={chooseTab}
            mode={mode}
            onModeChange={(list.data?.total ?? 0) > 1 ? chooseMode : undefined}
          />
          {body}
        </section>
        <aside className="dl-portal-page__aside">
          <CatalogTree title="栏目列表" catalogs={catalogs} current={code} />
          {tabs.length > 0 && (
            <section className="dl-aside-card" aria-label="各分类最新">
              <CatalogContentTree catalogCode={code} size={3} />
            </section>
          )}
          {aside}
        </aside>
      </div>
    </div>
  );
}

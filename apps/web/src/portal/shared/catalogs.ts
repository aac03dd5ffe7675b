import type { PortalCatalog } from '../api';

/**
 * The names the seeded catalogues of each portal route carry (spec §2): a page shows them until
 * the site's own name for the catalogue has loaded, or when the catalogue is missing.
 */
export const ROUTE_CATALOG_NAMES: Readonly<Record<string, string>> = {
  notification: '通知公告',
  policy: '政策文件',
  news: '新闻动态',
  introduce: '奖项介绍',
  fund: '基金项目',
  national: '国家奖励',
  apply: '申报指南',
  show: '成果展示',
  other: '互动交流',
  query: '结果查询',
  declare: '申报入口',
};

/** The path from a top-level catalogue down to the one with `code`, or [] when it is not in the tree. */
export function catalogTrail(catalogs: readonly PortalCatalog[], code: string): PortalCatalog[] {
  for (const catalog of catalogs) {
    if (catalog.code === code) return [catalog];
    const below = catalogTrail(catalog.children, code);
    if (below.length > 0) return [catalog, ...below];
  }
  return [];
}

/** The catalogue's display name: from the tree, else the route's seeded name, else the code. */
export function catalogNameOf(catalogs: readonly PortalCatalog[], code: string): string {
  return catalogTrail(catalogs, code).at(-1)?.catalogName ?? ROUTE_CATALOG_NAMES[code] ?? code;
}

/** A node of the menu tree the console builds its routes from (spec §2 menu node): `name` is the permission code, `url` the page component. */
export interface MenuNode {
  id: string;
  pid: string | null;
  path: string | null;
  url: string | null;
  name: string;
  redirect: string | null;
  hidden: boolean;
  alwaysShow: boolean;
  meta: { title: string; icon: string | null; activeMenu: string | null };
  children: MenuNode[];
}

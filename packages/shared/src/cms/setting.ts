/**
 * CMS 站点设置 (`/cms/setting/settingMain`): one console page over four features — sites, catalogues,
 * banners and templates — that share its permission codes.
 */
import { z } from 'zod';
import { permissionsOf } from '../contract';

/** Permission codes of the 站点设置 page (seeded, spec §6). */
export const CMS_SETTING_PERMISSIONS = permissionsOf('cms:setting', ['list', 'add', 'upd', 'del', 'sort']);

/** How a catalogue's navigation entry or a banner opens. */
export const OPEN_TYPES = ['INTERNAL_OPEN', 'EXTERNAL_OPEN'] as const;
export type OpenType = (typeof OPEN_TYPES)[number];
export const OPEN_TYPE_LABELS: Readonly<Record<OpenType, string>> = { INTERNAL_OPEN: '当前窗口打开', EXTERNAL_OPEN: '新窗口打开' };
export const zOpenType = z.enum(OPEN_TYPES, { error: '打开方式只能是 INTERNAL_OPEN 或 EXTERNAL_OPEN' });

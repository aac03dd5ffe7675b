import type { FastifyInstance } from 'fastify';
import { themeCalls, THEME_PERMISSIONS } from '@dandelion/shared/system/theme';
import { changeOf } from '../../../core/audit';
import { ok } from '../../../core/envelope';
import { errors } from '../../../core/errors';
import { serve } from '../../../core/route';
import type { Themes } from './service';

/** The effective theme answers its id as text (null for the built-in one). */
const withTextId = <T extends { themeId: number | null }>(t: T) => ({ ...t, themeId: t.themeId === null ? null : String(t.themeId) });

/**
 * Themes (spec §3 Theme, §7 /rest/theme/*): the signed-in user's own theme and its personal
 * override, and the administration of shared themes (query, create, update, delete, setGlobalDefaultTheme).
 */
export function registerThemeRoutes(app: FastifyInstance, themes: Themes) {
  serve(app, themeCalls.get, async (request) => {
    const p = request.principal!;
    if (request.body.themeId === undefined) return ok(withTextId(await themes.effective(p.userId)));
    // One path, two audiences: reading another theme is administration, so it needs the detail code.
    if (!p.isSuperAdmin && !p.permissions.has(THEME_PERMISSIONS.detail)) throw errors.forbidden();
    return ok(withTextId(await themes.getShared(request.body.themeId)));
  });
  serve(app, themeCalls.savePersonal, async (request) => ok(withTextId(await themes.savePersonal(changeOf(request), request.body)), '主题已保存'));
  serve(app, themeCalls.resetPersonal, async (request) => ok(withTextId(await themes.resetPersonal(changeOf(request))), '已恢复默认主题'));

  serve(app, themeCalls.query, async (request) => ok(await themes.query(request.body.themeName, request.body.pageParameter)));
  serve(app, themeCalls.create, async (request) => ok(await themes.create(request.body, changeOf(request)), '新增成功'));
  serve(app, themeCalls.update, async (request) => {
    const { themeId, lockVersion, ...input } = request.body;
    return ok(await themes.update(themeId, lockVersion, input, changeOf(request)), '修改成功');
  });
  serve(app, themeCalls.remove, async (request) => {
    await themes.remove(request.body.themeId, changeOf(request));
    return ok(null, '删除成功');
  });
  serve(app, themeCalls.setDefault, async (request) => ok(await themes.setGlobalDefault(request.body.themeId, changeOf(request)), '已设为默认主题'));
}

import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_TREE, flattenFunctions } from '../apps/server/src/db/seed/functions';

/**
 * The sidebar shows the icon a seeded menu entry names only if the web's fixed icon list
 * (components/MenuIcon/antdIcons.ts, `ANTD_ICON_LOADERS`) can load it; a name missing there renders as no icon, and the
 * menu looks half-finished (文章管理 and 投诉建议 once did). The list is read as text: importing it
 * would pull React components into a node test for nothing.
 */
const iconList = fs.readFileSync(path.resolve(import.meta.dirname, '../apps/web/src/components/MenuIcon/antdIcons.ts'), 'utf8');
// One line per icon: `  NameOutlined: () => import('@ant-design/icons/es/icons/NameOutlined'),`
const exportedIcons = new Set([...iconList.matchAll(/^\s+([A-Z]\w+Outlined): \(\) => import\('@ant-design\/icons\/es\/icons\/\1'\),$/gm)].map((match) => match[1]));

describe('seeded menu icons', () => {
  const entries = flattenFunctions(FUNCTION_TREE).filter((fn) => fn.type !== 'BUTTON' && !fn.hidden);

  it('reads the icon list', () => {
    expect(exportedIcons.size).toBeGreaterThan(20);
  });

  it('every visible menu entry names an icon the web can draw', () => {
    const missing = entries.filter((fn) => !fn.icon || !exportedIcons.has(fn.icon)).map((fn) => `${fn.name} (${fn.icon ?? '无图标'})`);
    expect(missing).toEqual([]);
  });

  it('no two functions under one parent share a name', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const fn of flattenFunctions(FUNCTION_TREE)) {
      const key = `${fn.parentCode ?? ''}|${fn.name}`;
      if (seen.has(key)) clashes.push(`${fn.name}: ${seen.get(key)} / ${fn.code}`);
      else seen.set(key, fn.code);
    }
    expect(clashes).toEqual([]);
  });
});

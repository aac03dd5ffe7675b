import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The floors of docs/architecture.md are only real if `npm run lint` fails on a wrong import. This
 * builds a small tree with one wrong import of each kind (and one allowed import), runs
 * dependency-cruiser with the project's own configuration on it, and checks what it reports.
 */
const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
let dir: string;
let report: { summary: { violations: Array<{ rule: { name: string }; from: string; to: string }> } };

const files: Record<string, string> = {
  'tsconfig.lint.json': JSON.stringify({ compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', jsx: 'react-jsx' } }),
  // core reaching up into a module's table
  'apps/server/src/core/audit.ts': "import { sysThing } from '../modules/area/thing/tables';\nexport const audit = sysThing;\n",
  'apps/server/src/modules/area/thing/tables.ts': 'export const sysThing = 1;\n',
  'apps/server/src/modules/area/thing/module.ts': "export const thingFacade = { ok: true };\n",
  // a feature reading a sibling's table (wrong) and its module.ts (allowed)
  'apps/server/src/modules/area/other/service.ts':
    "import { sysThing } from '../thing/tables';\nimport { thingFacade } from '../thing/module';\nexport const s = [sysThing, thingFacade];\n",
  // a cycle
  'apps/server/src/modules/area/other/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
  'apps/server/src/modules/area/other/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  // web: a component importing a console feature, the portal importing console code
  'apps/web/src/components/Widget.tsx': "import { page } from '../console/system/post/api';\nexport const Widget = page;\n",
  'apps/web/src/console/system/post/api.ts': 'export const page = 1;\n',
  'apps/web/src/portal/Home.tsx': "import { page } from '../console/system/post/api';\nexport const Home = page;\n",
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dandelion-lint-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  let out: string;
  try {
    out = execFileSync(process.execPath, [cli, 'apps', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'], {
      cwd: dir,
      encoding: 'utf8',
    });
  } catch (error) {
    // Violations make the command fail, which is the point; its JSON report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  report = JSON.parse(out);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const violated = (rule: string, from: string) => report.summary.violations.some((v) => v.rule.name === rule && v.from.endsWith(from));

describe('npm run lint refuses a wrong import', () => {
  it('core importing a module', () => {
    expect(violated('server-core-imports-no-module', 'core/audit.ts')).toBe(true);
  });
  it("a feature reading another feature's table, but not its module.ts", () => {
    expect(violated('server-feature-reaches-others-through-module-ts', 'other/service.ts')).toBe(true);
    const allowed = report.summary.violations.filter((v) => v.from.endsWith('other/service.ts') && v.to.endsWith('thing/module.ts'));
    expect(allowed).toEqual([]);
  });
  it('an import cycle', () => {
    expect(violated('no-cycle', 'other/a.ts')).toBe(true);
  });
  it('a web component importing a feature, and the portal importing console code', () => {
    expect(violated('web-components-import-no-feature', 'components/Widget.tsx')).toBe(true);
    expect(violated('web-portal-imports-no-console', 'portal/Home.tsx')).toBe(true);
  });
});

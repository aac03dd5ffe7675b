/**
 * The floors of docs/architecture.md, checked by `npm run lint`.
 *
 * Server: packages/shared ← core ← modules ← app.ts / main.ts (db/ is composition level: the table
 * list for drizzle-kit and the first-start seed). A feature (modules/<area>/<feature>/) reaches another
 * feature only through that feature's module.ts (or an area's module.ts, where an area composes its features).
 *
 * Web: lib / api ← components ← features ← app. A console feature (console/<area>/<feature>/) does not
 * import another feature; the portal never imports console code.
 *
 * Type-only imports count: a cycle of types is still a cycle a reader has to untangle.
 */
const SERVER = '^apps/server/src/';
const WEB = '^apps/web/src/';
const TEST = '(\\.test\\.tsx?$|/test/|testKit|TestKit)';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'Import cycles (type-only ones too) make the floors meaningless.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-app',
      severity: 'error',
      comment: 'packages/shared is the bottom floor: both apps import it, it imports neither.',
      from: { path: '^packages/shared/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-core-imports-no-module',
      severity: 'error',
      comment: 'core is the floor under every module; what it needs from a module is passed in.',
      from: { path: `${SERVER}core/`, pathNot: TEST },
      to: { path: `${SERVER}(modules|db)/|${SERVER}(app|main)\\.ts$` },
    },
    {
      name: 'server-module-imports-no-composition-root',
      severity: 'error',
      comment: 'Modules are composed by app.ts; they never import it, main.ts or the seed.',
      from: { path: `${SERVER}modules/`, pathNot: TEST },
      to: { path: `${SERVER}(db/|(app|main)\\.ts$)` },
    },
    {
      name: 'server-feature-reaches-others-through-module-ts',
      severity: 'error',
      comment: "Another feature's tables, repo and service are its own; use what its module.ts returns.",
      from: { path: `${SERVER}modules/([^/]+)/([^/]+)/`, pathNot: TEST },
      to: {
        path: `${SERVER}modules/`,
        pathNot: [`${SERVER}modules/$1/$2/`, `${SERVER}modules/[^/]+/[^/]+/module\\.ts$`, `${SERVER}modules/[^/]+/module\\.ts$`],
      },
    },
    {
      name: 'server-area-composes-features-through-module-ts',
      severity: 'error',
      comment: "An area's module.ts composes its features through their module.ts files.",
      from: { path: `${SERVER}modules/([^/]+)/[^/]+\\.ts$`, pathNot: TEST },
      to: { path: `${SERVER}modules/`, pathNot: [`${SERVER}modules/$1/[^/]+\\.ts$`, `${SERVER}modules/[^/]+/module\\.ts$`, `${SERVER}modules/[^/]+/[^/]+/module\\.ts$`] },
    },
    {
      name: 'web-lib-api-import-only-lib-api',
      severity: 'error',
      comment: 'lib and api are the bottom floor of the web app.',
      from: { path: `${WEB}(lib|api)/`, pathNot: TEST },
      to: { path: `${WEB}(components|console|portal|auth|app|mock)/` },
    },
    {
      name: 'web-components-import-no-feature',
      severity: 'error',
      comment: 'Shared components know nothing of the features that use them.',
      from: { path: `${WEB}components/`, pathNot: TEST },
      to: { path: `${WEB}(console|portal|auth|app|mock)/` },
    },
    {
      name: 'web-feature-imports-no-app',
      severity: 'error',
      comment: 'The app shell (router, providers, layouts) composes the features; they never import it.',
      from: { path: `${WEB}(console|portal|auth)/`, pathNot: TEST },
      to: { path: `${WEB}app/` },
    },
    {
      name: 'web-portal-imports-no-console',
      severity: 'error',
      comment: 'The portal never loads console code (ARCHITECTURE §5).',
      from: { path: `${WEB}portal/` },
      to: { path: `${WEB}console/` },
    },
    {
      name: 'web-console-feature-imports-no-other-feature',
      severity: 'error',
      comment: 'A console feature (console/<area>/<feature>/) is self-contained; what two share goes to components/.',
      from: { path: `${WEB}console/(base|system|cms|message|award)/([^/]+)/`, pathNot: TEST },
      to: { path: `${WEB}console/(base|system|cms|message|award)/`, pathNot: `${WEB}console/$1/$2/` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.lint.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};

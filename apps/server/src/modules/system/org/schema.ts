/**
 * The tables live in ./tables. Modules and tests of other areas still import them from here; once
 * they read this feature through its module.ts (tests: ./tables), this file goes.
 */
export * from './tables';

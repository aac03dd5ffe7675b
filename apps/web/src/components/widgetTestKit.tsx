/**
 * Moved to test/widgetKit.tsx (a test helper is not a component). This re-export keeps the console
 * features' tests compiling until their import lines point there; then delete this file.
 */
export * from '../test/widgetKit';

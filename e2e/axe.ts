import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on what the page shows now and fails on any critical
 * or serious violation, listing each rule with the first offending elements so the failure says
 * what to fix. Call it once the page has reached the state to check (data loaded, no skeleton,
 * no dialog animating).
 */
export async function expectNoSeriousA11yViolations(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'critical' || violation.impact === 'serious');
  const report = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help}\n` +
      violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(' ')} — ${node.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`)
        .join('\n'),
  );
  expect(report, `${what}: axe-core found critical/serious violations\n${report.join('\n')}`).toEqual([]);
}

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** axe's serious and critical findings on the page as it stands, one line each. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // The map is another site's page; its own markup is not ours to audit.
    .exclude('iframe')
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * Waits until nothing on the page is moving: colours read mid-transition (a carousel card sliding in) are not
 * the page's colours. Pages are opened with reduced motion, so only short transitions (a drawer opening, a
 * ripple) run; an endless animation that reduced motion does not stop is a finding of its own.
 */
async function waitForSettledPage(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      // Runs in the page; the e2e code is compiled without the DOM's types.
      const { document } = globalThis as unknown as {
        document: { fonts: { status: string }; getAnimations(): { playState: string }[] };
      };
      return (
        document.fonts.status === 'loaded' &&
        document.getAnimations().every((animation) => animation.playState !== 'running')
      );
    },
    undefined,
    { timeout: 10_000 },
  );
}

/** axe's serious and critical findings on the page once it has settled, one line each. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await waitForSettledPage(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    // The map is another site's page; its own markup is not ours to audit.
    .exclude('iframe')
    // axe.run in the page itself: the default mode opens a blank page for every audit to gather results from
    // frames of other origins, which doubles an audit's time, and the only such frame is excluded above.
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

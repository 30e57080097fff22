import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.1 A and AA rules (axe's tags), the level the app is held to. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's serious and critical violations of WCAG 2.1 A/AA on the page as it is now, each as
 * "rule: where" so a failing test says what to mend; [] when there are none. Minor and moderate
 * findings are not failures (they are often advice, e.g. a region landmark).
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe in the page itself: the default opens a second page in the page's context,
  // which a `browser.newPage()` page does not allow, and the app has no frames to combine.
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_21_AA).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary ?? v.help}`));
}

import type { Locator } from 'playwright-core';

/**
 * Opens one of the report's on-demand sections (a `<details>` whose summary is the section's
 * heading) unless it is open already (the browser remembers it), as a reader would by its summary;
 * the section, for chaining.
 */
export async function openSection(section: Locator): Promise<Locator> {
  const details = section.locator('details.on-demand').first();
  await details.waitFor({ state: 'attached' });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').first().click();
  await section.locator('details.on-demand[open]').first().waitFor({ state: 'attached' });
  return section;
}

/** The report's runs section: its heading names the date range, so it is found by its place. */
export const runsSectionOf = (page: { locator(selector: string): Locator }): Locator => page.locator('section.section-runs');

import { chromium, type Browser } from 'playwright-core';
import { ensureChromium } from '@brandradar/devstack';
import { seriousViolations } from '../support/axe';

// The accessibility check the web tests rely on finds what it should: a check that cannot fail would pass anything.
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: await ensureChromium() });
}, 300_000);
afterAll(() => browser?.close());

it('reports serious and critical WCAG 2.1 A/AA violations, and none on a page without them', async () => {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html lang="en"><head><title>Bad</title></head><body><main><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button></button><p class="faint">Grey on white</p></main></body></html>');
  await page.addStyleTag({ content: '.faint { color: #ccc; background: #fff; }' });
  const found = await seriousViolations(page);
  expect(found.some((v) => v.startsWith('image-alt (critical)'))).toBe(true);
  expect(found.some((v) => v.startsWith('button-name (critical)'))).toBe(true);
  expect(found.some((v) => v.startsWith('color-contrast (serious)'))).toBe(true);

  await page.setContent('<!doctype html><html lang="en"><head><title>Good</title></head><body><main><h1>Fine</h1><img alt="A dot" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="><button>Go</button></main></body></html>');
  expect(await seriousViolations(page)).toEqual([]);
  await page.close();
});

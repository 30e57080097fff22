import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { ensureChromium } from '@brandradar/devstack';
import type { ServiceDefinition } from '@brandradar/platform';
import { billingService } from '../../services/billing/src/service';
import { gatewayService } from '../../services/gateway/src/service';
import { runnerService } from '../../services/runner/src/service';
import { trackerService } from '../../services/tracker/src/service';
import { startStack, type TestStack } from './stack';

/** What each page met that no test expects: script errors, CSP violations, failed requests to our origin. */
const problems = new WeakMap<Page, string[]>();
export const problemsOf = (page: Page): string[] => problems.get(page) ?? [];

export interface WebAppUnderTest {
  readonly stack: TestStack;
  /** A page of its own (its own context, so cookies and storage are not shared), 1100 × 900 unless `options` say otherwise. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A new page of the app at /app, signed in with `apiKey`. */
  signedIn(apiKey: string, options?: BrowserContextOptions): Promise<Page>;
}

/**
 * The web app at /app in Debian's Chromium, driven by playwright-core (no browser download), against
 * the real gateway and the services it calls, with simulated surfaces: started once for the test
 * file by the hooks this registers, stopped after it. `more`: services a page needs beyond those
 * (the notifier, for webhooks), with the environment they want.
 */
export function webAppUnderTest(more: { services?: ServiceDefinition<any>[]; env?: NodeJS.ProcessEnv } = {}): WebAppUnderTest {
  let stack: TestStack | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const executablePath = await ensureChromium();
    // Most pages are tested signed in with a key, which the app offers when the gateway says so.
    stack = await startStack([billingService, trackerService, runnerService, gatewayService, ...(more.services ?? [])], { WEB_APP_KEY_SIGN_IN: 'true', ...more.env });
    browser = await chromium.launch({ executablePath });
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
  });
  const app: WebAppUnderTest = {
    get stack() {
      if (!stack) throw new Error('the stack starts in beforeAll');
      return stack;
    },
    async newPage(options = {}) {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      const page = await (await browser.newContext({ viewport: { width: 1100, height: 900 }, ...options })).newPage();
      page.setDefaultTimeout(60_000);
      const met: string[] = [];
      problems.set(page, met);
      page.on('pageerror', (e) => met.push(`page error: ${e.message}`));
      // The app asks the API for the account before sign-in and is refused (401): that is how it knows to ask for a key.
      page.on('console', (m) => m.type() === 'error' && !m.text().includes('status of 4') && met.push(`console: ${m.text()}`));
      return page;
    },
    async signedIn(apiKey, options) {
      const page = await app.newPage(options);
      await page.goto(`${app.stack.gatewayUrl}/app`);
      await page.getByLabel('API key').fill(apiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      return page;
    },
  };
  return app;
}

import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { chromium, type Browser } from 'playwright-core';
import { ensureChromium } from '@brandradar/devstack';
import { webApp, WEB_APP_PATH } from '../../services/gateway/src/http/web-app';

export interface WebFilesUnderTest {
  /** `http://127.0.0.1:<port>`: the app is at `${base}${WEB_APP_PATH}/`. */
  readonly base: string;
  readonly browser: Browser;
}

/**
 * The web app's files alone, served by the gateway's own router under its CSP (no API behind
 * them), and Debian's Chromium: for rendering the app's modules from fixtures. Started once for
 * the test file by the hooks this registers, stopped after it.
 */
export function webFilesUnderTest(): WebFilesUnderTest {
  let server: Server | undefined;
  let base: string | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const executablePath = await ensureChromium();
    const app = express().use(WEB_APP_PATH, webApp());
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  });
  return {
    get base() {
      if (!base) throw new Error('the files are served in beforeAll');
      return base;
    },
    get browser() {
      if (!browser) throw new Error('Chromium starts in beforeAll');
      return browser;
    },
  };
}

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser } from 'playwright-core';
import { launchBrowser, openContext } from './browser.js';
import { startPlatform, type RunningPlatform } from './platform.js';

describe('the public shell through the whole stack', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 30_000);

  /** A page in a context of its own, closed with it. */
  async function openPage(width: number) {
    const context = await openContext(browser, { viewport: { width, height: 900 } });
    return context.newPage();
  }

  it('shows the top bar, the footer and the live service status from the API', async () => {
    const page = await openPage(1280);
    await page.goto(`${platform.baseUrl}/`);
    const nav = page.getByRole('navigation').first();
    for (const link of ['Home', 'Company', 'Career', 'Contact']) {
      await expect(nav.getByRole('link', { name: link, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(page.getByRole('link', { name: 'Login' }).first().getAttribute('href')).resolves.toBe(
      '/login',
    );
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText('Capital at risk.', { exact: false }).isVisible()).resolves.toBe(true);
    await footer.getByText('All systems operational').waitFor({ timeout: 10_000 });
    await page.context().close();
  }, 30_000);

  it('serves deep links from the SPA and shows the 404 page for unknown paths', async () => {
    const page = await openPage(1280);
    const response = await page.goto(`${platform.baseUrl}/no-such-page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor({ timeout: 10_000 });
    await page.context().close();
  }, 30_000);

  it('turns the top bar into a drawer at 600 px', async () => {
    const page = await openPage(600);
    await page.goto(`${platform.baseUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Company' }).last().waitFor({ state: 'visible', timeout: 5_000 });
    await page.context().close();
  }, 30_000);
});

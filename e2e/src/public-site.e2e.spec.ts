import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './accessibility.js';
import { launchBrowser, openContext } from './browser.js';
import { startPlatform, type RunningPlatform } from './platform.js';

const publicRoutes: [string, string][] = [
  ['/', 'Ledgerstone'],
  ['/company', 'Company'],
  ['/career', 'Join Ledgerstone'],
  ['/contact', 'Contact Us'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/proof-of-liabilities', 'Proof of liabilities'],
  ['/realestate', 'Real Estate'],
  ['/retirement', 'Retirement'],
  ['/gold', 'Gold'],
  ['/crypto', 'Cryptocurrency'],
  ['/nfts', 'NFTs'],
  ['/stocks', 'Stocks & ETFs'],
  ['/forex', 'Foreign Exchange'],
  ['/no-such-page', '404 - Page Not Found'],
];

/** axe needs a page in a context of its own. */
async function openPage(browser: Browser, width: number): Promise<Page> {
  const context = await openContext(browser, { viewport: { width, height: 900 } });
  return context.newPage();
}

describe('the public site in a browser', () => {
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

  it.each(publicRoutes)(
    'renders %s with its heading and no serious accessibility violations',
    async (path, heading) => {
      const page = await openPage(browser, 1280);
      await page.goto(`${platform.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor({ timeout: 10_000 });
      await expect(seriousAccessibilityViolations(page)).resolves.toEqual([]);
      await page.context().close();
    },
    30_000,
  );

  it('shows the top bar, the footer and the live service status from the API', async () => {
    const page = await openPage(browser, 1280);
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

  it('opens the drawer at 600 px and reaches a service through its Services list', async () => {
    const page = await openPage(browser, 600);
    await page.goto(`${platform.baseUrl}/`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('navigation', { name: 'Site' });
    await drawer.waitFor({ state: 'visible', timeout: 5_000 });
    await expect(seriousAccessibilityViolations(page)).resolves.toEqual([]);

    await drawer.getByRole('button', { name: 'Services' }).click();
    await drawer.getByRole('link', { name: 'Gold' }).click();
    await page.getByRole('heading', { level: 1, name: 'Gold' }).waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/gold');
    await page.context().close();
  }, 30_000);

  /** A page that notes the scripts it requests and the errors it logs. */
  async function watchedPage(width: number) {
    const page = await openPage(browser, width);
    const scripts: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, scripts, errors };
  }

  it('hydrates only the islands of the home page, without the router: the menu and the carousel work', async () => {
    const { page, scripts, errors } = await watchedPage(1280);
    await page.goto(`${platform.baseUrl}/`);
    // The footer's status island has hydrated and asked the API.
    await page.getByRole('contentinfo').getByText('All systems operational').waitFor({ timeout: 10_000 });

    const carousel = page.getByRole('region', { name: 'Client testimonials' });
    const firstTestimonial = () => carousel.getByRole('listitem').first().getAttribute('aria-label');
    const shownFirst = await firstTestimonial();
    await carousel.getByRole('button', { name: 'Next testimonials' }).click();
    await expect(firstTestimonial()).resolves.not.toBe(shownFirst);

    await page.getByRole('button', { name: 'Services' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor({ state: 'visible', timeout: 5_000 });
    await expect(menu.getByRole('menuitem').allTextContents()).resolves.toContain('Cryptocurrency');
    await menu.getByRole('menuitem', { name: 'Cryptocurrency' }).click();
    await page.getByRole('heading', { level: 1, name: 'Cryptocurrency' }).waitFor({ timeout: 10_000 });

    // Neither the app's entry (index-*.js) nor react-router's chunk (chunk-*.js) was loaded.
    expect(scripts.filter((script) => /\/assets\/(index|chunk)-/.test(script))).toEqual([]);
    expect(scripts.some((script) => /\/assets\/islands-/.test(script))).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('opens and closes the drawer of the home page at 390 px after hydration, without errors', async () => {
    const { page, errors } = await watchedPage(390);
    await page.goto(`${platform.baseUrl}/`);
    await page.getByRole('contentinfo').getByText('All systems operational').waitFor({ timeout: 10_000 });
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('navigation', { name: 'Site' });
    await drawer.waitFor({ state: 'visible', timeout: 5_000 });
    await expect(drawer.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).resolves.toBe(
      'page',
    );
    await page.getByRole('button', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'hidden', timeout: 5_000 });
    await expect(menuButton.getAttribute('aria-expanded')).resolves.toBe('false');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('answers an unknown path with the 404 page and a way home', async () => {
    const page = await openPage(browser, 600);
    // A deep link the server does not know is the app's to answer: the server sends the app.
    const response = await page.goto(`${platform.baseUrl}/company/unknown`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }).waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ledgerstone' }).waitFor({ timeout: 10_000 });
    await page.context().close();
  }, 30_000);
});

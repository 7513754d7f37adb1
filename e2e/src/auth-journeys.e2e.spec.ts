import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext } from './browser.js';
import { waitForMail } from './mail.js';
import { builtFile, startPlatform, type RunningPlatform } from './platform.js';

/** Logs in at /login; `toast`, when given, must show on the dashboard (the login page carries it there). */
async function logIn(page: Page, baseUrl: string, email: string, password: string, { toast = '' } = {}) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`, { timeout: 10_000 });
  if (toast) await page.getByText(toast).waitFor({ timeout: 10_000 });
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor({ timeout: 10_000 });
  await page.getByText('Welcome, Ada.').waitFor({ timeout: 10_000 });
}

describe('authentication journeys through the whole stack', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  const email = `ada.${randomBytes(4).toString('hex')}@example.com`;
  const firstPassword = 'analytical engine 1843';

  beforeAll(async () => {
    platform = await startPlatform();
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 30_000);

  it('signs up, verifies with the mailed code, logs in and lands on /dashboard', async () => {
    const context = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { baseUrl } = platform;

    await page.goto(`${baseUrl}/signup`);
    await page.getByLabel(/^First Name/).fill('Ada');
    await page.getByLabel(/^Last Name/).fill('Lovelace');
    await page.getByLabel(/^Email Address/).fill(email);
    await page.getByLabel(/^Phone Number/).fill('+44 117 496 0000');
    await page.getByLabel(/^Password/).fill(firstPassword);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${baseUrl}/verify`, { timeout: 10_000 });
    // The sign-up page is an island: it moved on by a page load, and its toast came along.
    await page.getByText(/^Account created/).waitFor({ timeout: 10_000 });

    const [, code] = await waitForMail(platform, email, /verification code is (\d{6})/);
    await page.getByLabel(/^Verification code/).fill(code ?? '');
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByText('Account verified successfully!').waitFor({ timeout: 10_000 });
    await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });

    await logIn(page, baseUrl, email, firstPassword, { toast: 'Login successful' });
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await context.close();
  }, 60_000);

  it('resets a forgotten password through the mailed link and logs in with the new one', async () => {
    const context = await openContext(browser, { viewport: { width: 600, height: 900 } });
    const page = await context.newPage();
    const { baseUrl } = platform;
    const newPassword = 'difference engine 1822';

    await page.goto(`${baseUrl}/forgot-password`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByRole('button', { name: 'Send Reset Password Link' }).click();
    await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });

    const [link] = await waitForMail(
      platform,
      email,
      /http:\/\/localhost:\d+\/reset-password\/[A-Za-z0-9_-]+/,
    );
    await page.goto(link);
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password reset successfully').waitFor({ timeout: 10_000 });
    await page.waitForURL(`${baseUrl}/login`, { timeout: 10_000 });

    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(firstPassword);
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
    await page.getByText('Invalid email or password').waitFor({ timeout: 10_000 });

    await logIn(page, baseUrl, email, newPassword);
    await context.close();
  }, 60_000);

  it('keeps the password out of the address, and sends nothing, when the login screen fails to load', async () => {
    const context = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const { baseUrl } = platform;
    await page.route(`**/${builtFile('src/app/routes/auth/login-screen.tsx')}`, (route) => route.abort());
    const islandFailed = page.waitForEvent('console', (message) => message.type() === 'error');
    const documentRequests: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document')
        documentRequests.push(`${request.method()} ${request.url()}`);
    });

    await page.goto(`${baseUrl}/login`);
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill('typed before the failure');
    await islandFailed;
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
    // Long enough for a native submit to have left.
    await page.waitForTimeout(1000);

    expect(documentRequests).toEqual([`GET ${baseUrl}/login`]);
    expect(page.url()).toBe(`${baseUrl}/login`);
    await context.close();
  }, 60_000);
});

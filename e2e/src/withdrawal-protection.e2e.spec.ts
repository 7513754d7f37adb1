import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, openContext } from './browser.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BITCOIN_ADDRESS,
  TIMEOUT,
  expectNoSeriousViolations,
  logIn,
  newMember,
  openManageUser,
  savePayoutWallets,
  setAccountBalance,
  signUpAndVerify,
  staffLogIn,
  waitForAccountBalance,
} from './journey-steps.js';
import { waitForMail } from './mail.js';
import { startPlatform, type RunningPlatform } from './platform.js';

const HOUR_MS = 3_600_000;
const NOT_IN_BOOK =
  'Add this address in Withdrawal Gateway first; a new address can be used 48 hours after it is added.';

async function withdraw(page: Page, baseUrl: string, amount: string) {
  await waitForAccountBalance(page, `${baseUrl}/dashboard/withdraw-balance`, '$200.00');
  await page.getByRole('button', { name: 'BITCOIN' }).click();
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByLabel(/^Wallet Address/).fill(BITCOIN_ADDRESS);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
}

describe('withdrawal protection through the whole stack', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let memberContext: BrowserContext;
  let adminContext: BrowserContext;
  let member: Page;
  let admin: Page;
  const grace = newMember('Grace', 'Hopper');

  beforeAll(async () => {
    platform = await startPlatform({
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      WALLET_COOLING_HOURS: '48',
      SECURITY_HOLD_HOURS: '24',
    });
    browser = await launchBrowser();
    memberContext = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    adminContext = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    member = await memberContext.newPage();
    admin = await adminContext.newPage();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 30_000);

  it('a new address waits out its cooling period before a withdrawal can go to it', async () => {
    const { baseUrl } = platform;
    await signUpAndVerify(member, platform, grace, `${baseUrl}/signup`);
    await logIn(member, baseUrl, grace);
    await savePayoutWallets(member, baseUrl);
    await member
      .getByText(/^Usable from /)
      .first()
      .waitFor(TIMEOUT);
    await expectNoSeriousViolations(member, '/dashboard/update-wallet with cooling addresses');

    await staffLogIn(admin, baseUrl);
    await openManageUser(admin, baseUrl, grace.email);
    await setAccountBalance(admin, '200', 'Opening balance');

    await withdraw(member, baseUrl, '50');
    await member.getByText(NOT_IN_BOOK).first().waitFor(TIMEOUT);
    expect(new URL(member.url()).pathname).toBe('/dashboard/withdraw-balance');
    await expectNoSeriousViolations(member, '/dashboard/withdraw-balance refused');
  }, 180_000);

  it('"This wasn\'t me" in the address mail locks the account: sessions end, the member and Manage User see the lock', async () => {
    const { baseUrl } = platform;
    const [lockUrl] = await waitForMail(
      platform,
      grace.email,
      /https?:\/\/[^\s"<>]+\/lock-account\?token=[\w.%-]+/,
    );
    await member.goto(lockUrl.replace(/^https?:\/\/[^/]+/, baseUrl));
    await member.getByRole('heading', { name: 'Lock my account' }).waitFor(TIMEOUT);
    await expectNoSeriousViolations(member, '/lock-account');
    await member.getByRole('button', { name: 'Lock my account' }).click();
    await member
      .getByText(/^Your account is locked/)
      .first()
      .waitFor(TIMEOUT);

    // Every session ended: the dashboard sends the member back to the login screen.
    await member.goto(`${baseUrl}/dashboard`);
    await member.waitForURL(`${baseUrl}/login`, TIMEOUT);
    await logIn(member, baseUrl, grace);
    const lockAlert = member.getByRole('alert').filter({ hasText: /locked/i });
    await lockAlert.waitFor(TIMEOUT);
    await expect(lockAlert.innerText()).resolves.toMatch(/security e-mail/);
    await expectNoSeriousViolations(member, '/dashboard locked');

    await admin.reload();
    const protection = admin.getByRole('region', { name: 'Withdrawal protection' });
    await protection
      .getByText(/locked/i)
      .first()
      .waitFor(TIMEOUT);
    await protection.getByRole('button', { name: 'Unlock account' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/^Reason/).fill('The owner called from the number on file');
    await dialog.getByRole('button', { name: /^Unlock/ }).click();
    await admin.getByText('Account unlocked').first().waitFor(TIMEOUT);
    await expectNoSeriousViolations(admin, '/admin-dashboard/manage-user with withdrawal protection');
  }, 180_000);

  it('once the clock passes the cooling period the same address takes the withdrawal', async () => {
    const { baseUrl } = platform;
    await platform.clock.setOffset(49 * HOUR_MS);
    // Two days on, the session has long been idle: the member signs in again.
    await member.goto(`${baseUrl}/dashboard`);
    await member.waitForURL(`${baseUrl}/login`, TIMEOUT);
    await logIn(member, baseUrl, grace);
    await withdraw(member, baseUrl, '50');
    await member.getByText('Withdrawal successful!').waitFor(TIMEOUT);
    await member.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);
  }, 120_000);
});

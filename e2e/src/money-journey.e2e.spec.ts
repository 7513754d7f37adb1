import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, openContext } from './browser.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BITCOIN_ADDRESS,
  PNG_PROOF,
  TIMEOUT,
  expectNoSeriousViolations,
  logIn,
  newMember,
  requestDeposit,
  signUpAndVerify,
  staffLogIn,
  savePayoutWallets,
  transactionRow,
} from './journey-steps.js';
import { waitForMail } from './mail.js';
import { startPlatform, type RunningPlatform } from './platform.js';

/** The figure a dashboard card shows under its title. */
async function cardFigure(page: Page, title: string): Promise<string> {
  const card = page.getByRole('region', { name: title });
  await card.waitFor(TIMEOUT);
  return (await card.innerText()).replace(title, '').trim();
}

/**
 * Waits for the card to show the figure, reloading every few seconds: the figure comes from a read model the
 * projector may not have updated yet, and a page reads it once when it loads.
 */
async function expectCard(page: Page, title: string, figure: string) {
  const deadline = Date.now() + 20_000;
  let reloadAt = Date.now() + 4_000;
  let seen = '';
  while (Date.now() < deadline) {
    seen = await cardFigure(page, title);
    if (seen.includes(figure)) return;
    if (Date.now() >= reloadAt) {
      await page.reload();
      reloadAt = Date.now() + 4_000;
    } else {
      await page.waitForTimeout(250);
    }
  }
  throw new Error(`card "${title}" shows "${seen}", expected ${figure}`);
}

/** Where an element comes to rest once it has stopped moving (a toast slides in). */
async function settledBox(locator: Locator) {
  let box = await locator.boundingBox();
  for (let tries = 0; tries < 50; tries += 1) {
    await locator.page().waitForTimeout(100);
    const next = await locator.boundingBox();
    if (JSON.stringify(next) === JSON.stringify(box)) return box;
    box = next;
  }
  throw new Error(`still moving: ${JSON.stringify(box)}`);
}

describe('a member and an admin move money through the whole stack', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let memberContext: BrowserContext;
  let adminContext: BrowserContext;
  let member: Page;
  let admin: Page;
  const ada = newMember('Ada', 'Lovelace');
  const charles = newMember('Charles', 'Babbage');

  beforeAll(async () => {
    platform = await startPlatform({ ADMIN_EMAIL, ADMIN_PASSWORD });
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

  it('signs up, verifies and logs in; an amount outside the plan is refused', async () => {
    const { baseUrl } = platform;
    await signUpAndVerify(member, platform, ada, `${baseUrl}/signup`);
    await logIn(member, baseUrl, ada);
    await expectNoSeriousViolations(member, '/dashboard');

    await member.getByRole('link', { name: 'Deposit', exact: true }).click();
    await member.waitForURL(`${baseUrl}/dashboard/deposit`, TIMEOUT);
    await expectNoSeriousViolations(member, '/dashboard/deposit');
    await member.getByRole('link', { name: 'Crypto Plans' }).click();
    await member.waitForURL(`${baseUrl}/dashboard/crypto`, TIMEOUT);
    await member.getByRole('button', { name: /^BASIC/ }).click();
    await member.getByText('BASIC is selected').waitFor(TIMEOUT);
    await member.getByRole('button', { name: 'BITCOIN' }).click();
    await member.getByLabel(/^Amount/).fill('50');
    await member.getByRole('button', { name: 'Proceed to Payment' }).click();
    await member
      .getByText('Please enter an amount between $1,000.00 and $10,000.00 for the BASIC plan.')
      .waitFor(TIMEOUT);
    expect(new URL(member.url()).pathname).toBe('/dashboard/crypto');
    await expectNoSeriousViolations(member, '/dashboard/crypto');
  }, 120_000);

  it('deposits with a PNG proof, which stays pending in the history', async () => {
    const { baseUrl } = platform;
    await member.getByLabel(/^Amount/).fill('1500');
    await member.getByRole('button', { name: 'Proceed to Payment' }).click();
    await member.waitForURL(`${baseUrl}/dashboard/deposit-details`, TIMEOUT);
    await member.getByRole('img', { name: 'QR code of the receiving address' }).waitFor(TIMEOUT);
    await expectNoSeriousViolations(member, '/dashboard/deposit-details');
    await member.locator('input[type=file]').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: PNG_PROOF,
    });
    await member.getByText('File proof.png selected successfully!').waitFor(TIMEOUT);
    await member.getByRole('button', { name: 'Complete Payment' }).click();
    await member.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);

    await member.goto(`${baseUrl}/dashboard/deposit-history`);
    const row = member.getByRole('row').filter({ hasText: '$1,500.00' });
    await row.filter({ hasText: /pending/i }).waitFor(TIMEOUT);
    await expectNoSeriousViolations(member, '/dashboard/deposit-history');
  }, 120_000);

  it('the admin confirms the deposit and the member sees Total Deposit', async () => {
    const { baseUrl } = platform;
    await staffLogIn(admin, baseUrl);
    await expectNoSeriousViolations(admin, '/admin-dashboard');
    await admin.goto(`${baseUrl}/admin-dashboard/alltransaction`);
    const deposit = transactionRow(admin, 'deposit', '$1,500.00');
    await deposit.getByRole('button', { name: 'Confirm' }).click();
    await deposit.getByRole('button', { name: 'Payment Confirmed' }).waitFor(TIMEOUT);
    expect(await deposit.getByRole('button', { name: 'Payment Confirmed' }).isDisabled()).toBe(true);
    await expectNoSeriousViolations(admin, '/admin-dashboard/alltransaction');

    await member.goto(`${baseUrl}/dashboard`);
    await expectCard(member, 'Total Deposit', '$1,500.00');
  }, 120_000);

  it('the admin adjusts the Account Balance with a reason, which the member sees', async () => {
    const { baseUrl } = platform;
    await admin.goto(`${baseUrl}/admin-dashboard/alluser`);
    await expectNoSeriousViolations(admin, '/admin-dashboard/alluser');
    await admin
      .getByRole('row')
      .filter({ hasText: ada.email })
      .getByRole('link', { name: /^Manage user/ })
      .click();
    await admin.getByText('View and edit user information').waitFor(TIMEOUT);
    await expectNoSeriousViolations(admin, '/admin-dashboard/manage-user');
    await admin.getByRole('textbox', { name: 'Account Balance' }).fill('200');
    await admin.getByLabel(/^Reason/).fill('Welcome bonus for the first deposit');
    await admin.getByRole('button', { name: 'Update Details' }).click();
    await admin.getByText('User updated successfully').waitFor(TIMEOUT);
    await admin.getByText('Welcome bonus for the first deposit').first().waitFor(TIMEOUT);

    await admin.getByRole('button', { name: 'Email Client' }).click();
    await admin.getByRole('heading', { level: 1 }).waitFor(TIMEOUT);
    await expectNoSeriousViolations(admin, '/admin-dashboard/message');
    await admin.getByRole('textbox', { name: /^Subject/ }).fill('Your welcome bonus');
    await admin
      .getByRole('textbox', { name: /^Message Body/ })
      .fill('We added a welcome bonus to your account.');
    await admin.getByRole('button', { name: 'Send Message' }).click();
    await admin.getByText('Message sent successfully!').waitFor(TIMEOUT);
    await waitForMail(platform, ada.email, /Your welcome bonus/);

    await member.goto(`${baseUrl}/dashboard`);
    await expectCard(member, 'Account Balance', '$200.00');
    await member.getByText('Welcome bonus for the first deposit').first().waitFor(TIMEOUT);
  }, 120_000);

  it('a withdrawal is reserved and pending; more than the balance is refused', async () => {
    const { baseUrl } = platform;
    await savePayoutWallets(member, baseUrl);
    await member.goto(`${baseUrl}/dashboard/withdraw`);
    await expectNoSeriousViolations(member, '/dashboard/withdraw');
    await member.getByRole('link', { name: 'Balance' }).click();
    await member.waitForURL(`${baseUrl}/dashboard/withdraw-balance`, TIMEOUT);
    await member.getByRole('button', { name: 'BITCOIN' }).click();
    await member.getByLabel(/^Amount/).fill('1000');
    await member.getByLabel(/^Wallet Address/).fill(BITCOIN_ADDRESS);
    await member.getByRole('button', { name: 'Proceed to Payment' }).click();
    await member.getByText('Insufficient balance').first().waitFor(TIMEOUT);
    expect(new URL(member.url()).pathname).toBe('/dashboard/withdraw-balance');
    await expectNoSeriousViolations(member, '/dashboard/withdraw-balance');

    await member.getByLabel(/^Amount/).fill('50');
    await member.getByRole('button', { name: 'Proceed to Payment' }).click();
    await member.getByText('Withdrawal successful!').waitFor(TIMEOUT);
    await member.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);
    await expectCard(member, 'Account Balance', '$150.00');

    await member.goto(`${baseUrl}/dashboard/withdraw-history`);
    await member
      .getByRole('row')
      .filter({ hasText: '$50.00' })
      .filter({ hasText: /pending/i })
      .waitFor(TIMEOUT);
    await expectNoSeriousViolations(member, '/dashboard/withdraw-history');
  }, 120_000);

  it('the admin marks the withdrawal paid and Total Withdrawals follows', async () => {
    const { baseUrl } = platform;
    await admin.goto(`${baseUrl}/admin-dashboard/alltransaction`);
    const withdrawal = transactionRow(admin, 'withdrawal', '$50.00');
    await withdrawal.getByRole('button', { name: 'Mark Paid' }).click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByLabel(/reference/i).fill('txid-0001');
    await dialog.getByRole('button', { name: 'Mark Paid' }).click();
    await withdrawal.getByRole('button', { name: 'Paid' }).waitFor(TIMEOUT);

    await member.goto(`${baseUrl}/dashboard`);
    await expectCard(member, 'Total Withdrawals', '$50.00');
  }, 120_000);

  it('the member searches the withdraw history, which the server pages and searches', async () => {
    const { baseUrl } = platform;
    await member.goto(`${baseUrl}/dashboard/withdraw-history`);
    const table = member.getByRole('table', { name: 'Withdrawal history' });
    const search = member.getByRole('searchbox', { name: 'Search' });
    await table.getByRole('row').filter({ hasText: '$50.00' }).waitFor(TIMEOUT);

    await search.fill('rejected');
    await table.getByText('No withdrawals match your search').waitFor(TIMEOUT);
    await search.fill('PAID');
    await table.getByRole('row').filter({ hasText: '$50.00' }).filter({ hasText: /paid/i }).waitFor(TIMEOUT);
    expect(await member.getByText('Showing 1 of 1').isVisible()).toBe(true);
  }, 60_000);

  it('a friend signs up through the affiliate link and shows as Active', async () => {
    const { baseUrl } = platform;
    await member.goto(`${baseUrl}/dashboard`);
    const linkField = member.getByRole('textbox', { name: /affiliate link/i });
    await linkField.and(member.locator('[value*="/signup?ref="]')).waitFor(TIMEOUT);
    const link = await linkField.inputValue();
    expect(link).toMatch(new RegExp(`^${baseUrl}/signup\\?ref=`));

    const friendContext = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    const friend = await friendContext.newPage();
    await signUpAndVerify(friend, platform, charles, link);
    await friendContext.close();

    // The referral list is a projection: it may take a moment to see the friend's verification.
    const row = member.getByRole('row').filter({ hasText: 'Charles' });
    const deadline = Date.now() + 15_000;
    let seen: string;
    do {
      await member.goto(`${baseUrl}/dashboard/affiliate`);
      await member.getByRole('heading', { name: 'Referral' }).waitFor(TIMEOUT);
      await member.getByText('Loading...').waitFor({ state: 'detached', ...TIMEOUT });
      seen = (await row.count()) > 0 ? await row.innerText() : '(no row)';
    } while (!/\bActive\b/.test(seen.replace('Not Active', '')) && Date.now() < deadline);
    expect(seen).toMatch(/\bActive\b/);
    expect(seen).not.toContain('Not Active');
    await expectNoSeriousViolations(member, '/dashboard/affiliate');
  }, 120_000);

  it('one payment claimed on several deposits, by its hash or its proof file, is flagged to the admin on each, and beside the proof', async () => {
    const { baseUrl } = platform;
    const hash = `0x${'7c'.repeat(32)}`;
    await requestDeposit(member, baseUrl, '1200', undefined, hash);
    const friendContext = await openContext(browser, { viewport: { width: 1280, height: 900 } });
    const friend = await friendContext.newPage();
    await logIn(friend, baseUrl, charles);
    // The same payment, written in capitals without the 0x.
    await requestDeposit(friend, baseUrl, '1300', undefined, hash.slice(2).toUpperCase());
    await friendContext.close();

    await admin.goto(`${baseUrl}/admin-dashboard/alltransaction`);
    for (const amount of ['$1,200.00', '$1,300.00']) {
      await transactionRow(admin, 'deposit', amount).getByText('Hash on 1 other deposit').waitFor(TIMEOUT);
    }
    // Every deposit of this journey came with the same PNG, Ada's first one of $1,500.00 too.
    for (const amount of ['$1,200.00', '$1,300.00', '$1,500.00']) {
      await transactionRow(admin, 'deposit', amount)
        .getByText('Same proof as 2 other deposits')
        .waitFor(TIMEOUT);
    }
    await transactionRow(admin, 'deposit', '$1,300.00').getByRole('button', { name: 'View proof' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Proof of payment' });
    await dialog
      .getByText('1 other deposit gives this transaction hash too.', { exact: false })
      .waitFor(TIMEOUT);
    await expectNoSeriousViolations(admin, 'the proof dialog with the same-hash warning');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached', ...TIMEOUT });
    // Ada's deposit was on the list before (the Total Deposit card is unchanged: both stay pending).
    expect(
      await transactionRow(admin, 'deposit', '$1,500.00')
        .getByText(/^Hash on/)
        .count(),
    ).toBe(0);
  }, 120_000);

  it('the other member screens pass axe', async () => {
    const { baseUrl } = platform;
    for (const path of [
      '/dashboard/real-estate',
      '/dashboard/withdraw-profit',
      '/dashboard/update-password',
      '/dashboard/update-wallet',
      '/dashboard/user-profile',
      '/dashboard/no-such-screen',
    ]) {
      await member.goto(`${baseUrl}${path}`);
      await member.getByRole('heading', { level: 1 }).waitFor(TIMEOUT);
      await expectNoSeriousViolations(member, path);
    }
    for (const path of ['/admin-dashboard/plans', '/admin-dashboard/payment-methods']) {
      await admin.goto(`${baseUrl}${path}`);
      await admin.getByRole('heading', { level: 1 }).waitFor(TIMEOUT);
      await expectNoSeriousViolations(admin, path);
    }
  }, 120_000);

  it('the menus slide in at 600 px and close on navigation', async () => {
    const { baseUrl } = platform;
    await member.setViewportSize({ width: 600, height: 900 });
    await member.goto(`${baseUrl}/dashboard`);
    await member.getByRole('button', { name: 'Open menu' }).click();
    await member.getByRole('dialog').getByRole('link', { name: 'Affiliate' }).click();
    await member.waitForURL(`${baseUrl}/dashboard/affiliate`, TIMEOUT);
    await member.getByRole('dialog').waitFor({ state: 'detached', ...TIMEOUT });
    await expectNoSeriousViolations(member, '/dashboard/affiliate at 600 px');

    await admin.setViewportSize({ width: 600, height: 900 });
    await admin.goto(`${baseUrl}/admin-dashboard`);
    await admin.getByRole('button', { name: 'Open menu' }).click();
    await admin.getByRole('dialog').getByRole('link', { name: 'All User' }).click();
    await admin.waitForURL(`${baseUrl}/admin-dashboard/alluser`, TIMEOUT);
    await admin.getByRole('dialog').waitFor({ state: 'detached', ...TIMEOUT });
    await member.setViewportSize({ width: 1280, height: 900 });
  }, 120_000);

  it('on a phone, the toast of a chosen proof leaves Complete Payment at the foot of the screen and the header clear', async () => {
    const { baseUrl } = platform;
    await member.setViewportSize({ width: 390, height: 844 });
    await member.goto(`${baseUrl}/dashboard/crypto`);
    await member.getByRole('button', { name: /^BASIC/ }).click();
    await member.getByRole('button', { name: 'BITCOIN' }).click();
    await member.getByLabel(/^Amount/).fill('1500');
    await member.getByRole('button', { name: 'Proceed to Payment' }).click();
    await member.waitForURL(`${baseUrl}/dashboard/deposit-details`, TIMEOUT);
    await member.getByText('BASIC is selected').waitFor(TIMEOUT);
    const complete = member.getByRole('button', { name: 'Complete Payment' });
    await complete.evaluate((button) => button.scrollIntoView({ block: 'end' }));
    await member.locator('input[type=file]').setInputFiles({
      name: 'proof.png',
      mimeType: 'image/png',
      buffer: PNG_PROOF,
    });
    const toast = member.getByText('File proof.png selected successfully!');
    await toast.waitFor(TIMEOUT);
    const button = await complete.boundingBox();
    const shown = await settledBox(toast);
    const overlaps =
      button!.x < shown!.x + shown!.width &&
      shown!.x < button!.x + button!.width &&
      button!.y < shown!.y + shown!.height &&
      shown!.y < button!.y + button!.height;
    expect({ button, shown, overlaps }).toMatchObject({ overlaps: false });
    expect(button!.y + button!.height).toBeGreaterThan(844 / 2);
    // Nor do the toasts, the first of them ("BASIC is selected") included, cover the header, whose Log out and
    // menu buttons stay within reach.
    const header = await member.getByRole('banner').boundingBox();
    const first = await member.locator('.notistack-Snackbar').first().boundingBox();
    expect({ header, first, below: first!.y >= header!.y + header!.height }).toMatchObject({ below: true });
    await member.setViewportSize({ width: 1280, height: 900 });
  }, 120_000);

  it("the sidebar's Log out, clicked before the page's scripts have run, still ends the session", async () => {
    const { baseUrl } = platform;
    // The app's entry is held back until the click is made: the pre-rendered dashboard is on screen, React is
    // not. The sidebar's Log out is a list item button (<div role="button">), kept and replayed on hydration.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await member.route('**/assets/index-*.js', async (route) => {
      await released;
      await route.continue();
    });
    await member.goto(`${baseUrl}/dashboard`, { waitUntil: 'domcontentloaded' });
    const logOut = member.getByRole('button', { name: 'Log out' }).first();
    expect(await logOut.evaluate((element) => element.tagName)).toBe('DIV');
    await logOut.click();
    release();
    await member.waitForURL(`${baseUrl}/`, TIMEOUT);
    await member.unrouteAll();
    expect((await member.request.get(`${baseUrl}/api/user`)).status()).toBe(401);
    await logIn(member, baseUrl, ada);
  }, 60_000);

  it('logging out ends the session on the server', async () => {
    const { baseUrl } = platform;
    await member.goto(`${baseUrl}/dashboard`);
    await member.getByRole('button', { name: 'Log out' }).first().click();
    await member.waitForURL(`${baseUrl}/`, TIMEOUT);
    const profile = await member.request.get(`${baseUrl}/api/user`);
    expect(profile.status()).toBe(401);
    await member.goto(`${baseUrl}/dashboard/deposit-history`);
    await member.waitForURL(`${baseUrl}/login`, TIMEOUT);
  }, 60_000);
});

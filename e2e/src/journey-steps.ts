import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@jest/globals';
import type { Page } from 'playwright-core';
import { seriousAccessibilityViolations } from './accessibility.js';
import { TestAuthenticator } from './authenticator.js';
import { waitForMail } from './mail.js';
import { platformClock, type RunningPlatform } from './platform.js';

const repoRoot = new URL('../../', import.meta.url).pathname;

export const ADMIN_EMAIL = 'admin@ledgerstone.test';
export const ADMIN_PASSWORD = 'counting house ledger 1602';
// A real Bitcoin address (BIP-173's example), so the server's per-network check accepts it.
export const BITCOIN_ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
// The smallest valid PNG: one transparent pixel.
export const ETHEREUM_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

export const PNG_PROOF = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
export const TIMEOUT = { timeout: 15_000 };

export type Member = { firstName: string; lastName: string; email: string; password: string };
export type Staff = { role: 'admin' | 'auditor'; email: string; password: string };

export const platformAdmin: Staff = { role: 'admin', email: ADMIN_EMAIL, password: ADMIN_PASSWORD };

export function newMember(firstName: string, lastName: string): Member {
  const tag = randomBytes(4).toString('hex');
  return {
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}.${tag}@example.com`,
    password: `${firstName} keeps exact ledgers ${tag}`,
  };
}

export async function signUpAndVerify(
  page: Page,
  platform: RunningPlatform,
  member: Member,
  signupUrl: string,
) {
  await page.goto(signupUrl);
  await page.getByLabel(/^First Name/).fill(member.firstName);
  await page.getByLabel(/^Last Name/).fill(member.lastName);
  await page.getByLabel(/^Email Address/).fill(member.email);
  await page.getByLabel(/^Phone Number/).fill('+44 117 496 0000');
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL(`${platform.baseUrl}/verify`, TIMEOUT);
  const [, code] = await waitForMail(platform, member.email, /verification code is (\d{6})/);
  await page.getByLabel(/^Verification code/).fill(code ?? '');
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(`${platform.baseUrl}/login`, TIMEOUT);
}

export async function logIn(page: Page, baseUrl: string, member: Member) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email/).fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);
  await page.getByText(`Welcome, ${member.firstName}.`).waitFor(TIMEOUT);
}

/** Each staff member's authenticator app once set up, by platform and e-mail: its codes sign them in. */
const staffAuthenticators = new Map<string, TestAuthenticator>();

/**
 * Signs a staff member in at /admin-login and lands on /admin-dashboard. Staff accounts start without a second
 * factor, so the first sign-in sets up the authenticator app on the security screen, as an operator would; later
 * ones answer the two-step verification with its code.
 */
export async function staffLogIn(page: Page, baseUrl: string, staff: Staff = platformAdmin) {
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel(/^Email/).fill(staff.email);
  await page.getByLabel(/^Password/).fill(staff.password);
  await page.getByRole('button', { name: /^Log ?in$/i }).click();
  const key = `${baseUrl} ${staff.email}`;
  const app = staffAuthenticators.get(key);
  if (app) {
    await answerTwoStep(page, app);
  } else {
    await page.waitForURL(`${baseUrl}/admin-dashboard/security`, TIMEOUT);
    staffAuthenticators.set(key, (await setUpAuthenticatorApp(page, { password: staff.password })).app);
    await page.goto(`${baseUrl}/admin-dashboard`);
  }
  await page.waitForURL(`${baseUrl}/admin-dashboard`, TIMEOUT);
}

/** "Two-step verification" after a right password, answered with the app's next code. */
export async function answerTwoStep(page: Page, app: TestAuthenticator) {
  const twoStep = page.getByRole('form', { name: 'Two-step verification' });
  await twoStep.getByRole('textbox', { name: /^Authentication code/ }).fill(await app.nextCode());
  await twoStep.getByRole('button', { name: 'Verify' }).click();
}

/**
 * Sets up the authenticator app on the security screen the page shows, with the setup key typed as a person
 * would, and the account's password, which its first factor asks for; returns the app and the recovery codes it
 * brought. With `audited`, axe checks each step.
 */
export async function setUpAuthenticatorApp(
  page: Page,
  { password, audited }: { password: string; audited?: string },
) {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const enrolment = page.getByRole('form', { name: 'Set up authenticator app' });
  await enrolment.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor(TIMEOUT);
  const shownKey = await enrolment.getByRole('textbox', { name: 'Setup key' }).inputValue();
  expect(shownKey).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
  if (audited) await expectNoSeriousViolations(page, `${audited}: authenticator set-up`);

  const app = new TestAuthenticator(shownKey, platformClock(page.url()));
  await enrolment.getByRole('textbox', { name: /^Authentication code/ }).fill(await app.nextCode());
  await enrolment.getByLabel(/^Password/).fill(password);
  await enrolment.getByRole('button', { name: 'Verify' }).click();
  const recoveryCodes = await saveRecoveryCodes(page, { audited });
  await page
    .getByRole('region', { name: 'Two-step verification' })
    .getByText('On', { exact: true })
    .waitFor(TIMEOUT);
  return { app, recoveryCodes };
}

/** The dialog of new recovery codes: reads the ten, downloads the .txt and checks it, then closes the dialog. */
export async function saveRecoveryCodes(page: Page, { audited }: { audited?: string } = {}) {
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await dialog.waitFor(TIMEOUT);
  const codes = await dialog
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allInnerTexts();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[23456789a-hjkmnp-z]{5}-[23456789a-hjkmnp-z]{5}$/);
  if (audited) await expectNoSeriousViolations(page, `${audited}: recovery codes`);

  const [download] = await Promise.all([
    page.waitForEvent('download', TIMEOUT),
    dialog.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('ledgerstone-recovery-codes.txt');
  const lines = (await readFile(await download.path(), 'utf8')).split('\n');
  expect(codes.filter((code) => !lines.includes(code))).toEqual([]);

  await dialog.getByRole('button', { name: 'I have saved my codes' }).click();
  await dialog.waitFor({ state: 'detached', ...TIMEOUT });
  return codes;
}

/** A staff account made the way an operator makes one: `npm run staff:create` against the platform's database. */
export async function createStaff(
  platform: RunningPlatform,
  role: Staff['role'],
  firstName: string,
  lastName: string,
): Promise<Staff> {
  const tag = randomBytes(4).toString('hex');
  const staff: Staff = {
    role,
    email: `${firstName.toLowerCase()}.${tag}@ledgerstone.test`,
    password: `${firstName} reads every ledger ${tag}`,
  };
  await promisify(execFile)(
    process.execPath,
    [
      join(repoRoot, 'services/api/dist/cli/create-staff.js'),
      ...['--role', role, '--email', staff.email, '--first-name', firstName, '--last-name', lastName],
    ],
    {
      cwd: repoRoot,
      env: { PATH: process.env.PATH, DATABASE_URL: platform.databaseUrl, STAFF_PASSWORD: staff.password },
    },
  );
  return staff;
}

/** A proof of payment as the deposit form's file input takes it. */
export interface ProofFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

const PNG_PROOF_FILE: ProofFile = { name: 'proof.png', mimeType: 'image/png', buffer: PNG_PROOF };

/**
 * A crypto deposit of a BASIC plan through the member's screens, with a PNG proof unless told and the transaction
 * hash if given; it stays pending.
 */
export async function requestDeposit(
  page: Page,
  baseUrl: string,
  amount: string,
  proof = PNG_PROOF_FILE,
  transactionHash?: string,
) {
  await page.goto(`${baseUrl}/dashboard/crypto`);
  await page.getByRole('button', { name: /^BASIC/ }).click();
  await page.getByText('BASIC is selected').waitFor(TIMEOUT);
  await page.getByRole('button', { name: 'BITCOIN' }).click();
  await page.getByLabel(/^Amount/).fill(amount);
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
  await page.waitForURL(`${baseUrl}/dashboard/deposit-details`, TIMEOUT);
  if (transactionHash !== undefined) await page.getByLabel(/^Transaction hash/).fill(transactionHash);
  await page.locator('input[type=file]').setInputFiles(proof);
  await page.getByText(`File ${proof.name} selected successfully!`).waitFor(TIMEOUT);
  await page.getByRole('button', { name: 'Complete Payment' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);
}

/**
 * The member saves payout addresses at Withdrawal Gateway, as withdrawals go only to the address book (the
 * platform under test runs without the cooling period unless a test sets one).
 */
export async function savePayoutWallets(page: Page, baseUrl: string, bitcoin = BITCOIN_ADDRESS) {
  await page.goto(`${baseUrl}/dashboard/update-wallet`);
  const form = page.getByRole('form', { name: 'Withdrawal Gateway' });
  await form.getByLabel(/^Bitcoin address/).fill(bitcoin);
  await form.getByLabel(/^Ethereum address/).fill(ETHEREUM_ADDRESS);
  await form.getByLabel(/^USDT \(ERC-20\) address/).fill(ETHEREUM_ADDRESS);
  await form.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Wallet address saved successfully').waitFor(TIMEOUT);
}

/** The admin opens the member's Manage User page from the user list. */
export async function openManageUser(admin: Page, baseUrl: string, email: string) {
  await admin.goto(`${baseUrl}/admin-dashboard/alluser`);
  await admin
    .getByRole('row')
    .filter({ hasText: email })
    .getByRole('link', { name: /^Manage user/ })
    .click();
  await admin.getByText('View and edit user information').waitFor(TIMEOUT);
}

/** On Manage User, the admin sets the Account Balance with a reason, as Edit User Details does. */
export async function setAccountBalance(admin: Page, balance: string, reason: string) {
  await admin.getByRole('textbox', { name: 'Account Balance' }).fill(balance);
  await admin.getByLabel(/^Reason/).fill(reason);
  await admin.getByRole('button', { name: 'Update Details' }).click();
  await admin.getByText('User updated successfully').waitFor(TIMEOUT);
}

/** Opens a withdrawal page until it shows the Account Balance: the figure comes from a read model. */
export async function waitForAccountBalance(page: Page, url: string, figure: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto(url);
    const balance = page.getByText(/^Account Balance:/);
    await balance.waitFor(TIMEOUT);
    if ((await balance.innerText()).includes(figure)) return;
    if (Date.now() > deadline) throw new Error(`the Account Balance is not ${figure}`);
    await page.waitForTimeout(500);
  }
}

export async function expectNoSeriousViolations(page: Page, screen: string) {
  expect({ screen, violations: await seriousAccessibilityViolations(page) }).toEqual({
    screen,
    violations: [],
  });
}

/** The admin transactions table's row of the member's only transaction of that type. */
export function transactionRow(page: Page, type: 'deposit' | 'withdrawal', amount: string) {
  return page
    .getByRole('row')
    .filter({ hasText: new RegExp(type, 'i') })
    .filter({ hasText: amount });
}

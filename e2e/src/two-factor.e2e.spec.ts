import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestAuthenticator } from './authenticator.js';
import { launchBrowser, openContext } from './browser.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BITCOIN_ADDRESS,
  TIMEOUT,
  answerTwoStep,
  createStaff,
  expectNoSeriousViolations,
  logIn,
  newMember,
  openManageUser,
  savePayoutWallets,
  setAccountBalance,
  saveRecoveryCodes,
  setUpAuthenticatorApp,
  signUpAndVerify,
  type Member,
  type Staff,
  waitForAccountBalance,
} from './journey-steps.js';
import { startPlatform, type RunningPlatform } from './platform.js';

const SET_UP_FIRST = 'Set up two-step verification first';
const VIEWPORTS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
];

async function logOut(page: Page, baseUrl: string) {
  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(new RegExp(`^${baseUrl}/(admin-login)?$`), TIMEOUT);
}

/** The password step of /login, which leads to the two-step verification screen. */
async function passwordStep(page: Page, baseUrl: string, member: Member) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel(/^Email/).fill(member.email);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Login' }).click();
  const twoStep = page.getByRole('form', { name: 'Two-step verification' });
  await twoStep.waitFor(TIMEOUT);
  return twoStep;
}

/** A staff sign-in that answers the second step with the app's code; lands on /admin-dashboard. */
async function staffLogInWithCode(page: Page, baseUrl: string, staff: Staff, app: TestAuthenticator) {
  await page.goto(`${baseUrl}/admin-login`);
  await page.getByLabel(/^Email/).fill(staff.email);
  await page.getByLabel(/^Password/).fill(staff.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await answerTwoStep(page, app);
  await page.waitForURL(`${baseUrl}/admin-dashboard`, TIMEOUT);
}

describe('two-step verification through the whole stack', () => {
  let platform: RunningPlatform;
  let browser: Browser;

  beforeAll(async () => {
    platform = await startPlatform({ ADMIN_EMAIL, ADMIN_PASSWORD });
    browser = await launchBrowser();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 30_000);

  describe.each(VIEWPORTS)('at $width px', (viewport) => {
    let context: BrowserContext;
    // The admin of this width, set up in the first test, moves money for the member of the second.
    let staff: Staff;
    let staffApp: TestAuthenticator;

    beforeAll(async () => {
      context = await openContext(browser, { viewport });
    });
    afterAll(async () => {
      await context?.close();
    });

    it('holds a new staff account on the security screen until it sets up a second factor', async () => {
      const { baseUrl } = platform;
      staff = await createStaff(platform, 'admin', 'Hedy', 'Lamarr');
      const page = await context.newPage();

      await page.goto(`${baseUrl}/admin-login`);
      await page.getByLabel(/^Email/).fill(staff.email);
      await page.getByLabel(/^Password/).fill(staff.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(`${baseUrl}/admin-dashboard/security`, TIMEOUT);
      await page.getByRole('alert').filter({ hasText: SET_UP_FIRST }).first().waitFor(TIMEOUT);
      await expectNoSeriousViolations(page, '/admin-dashboard/security before set-up');

      // Every other admin page leads back here, and the API refuses what the page would ask for.
      await page.goto(`${baseUrl}/admin-dashboard/alluser`);
      await page.waitForURL(`${baseUrl}/admin-dashboard/security`, TIMEOUT);
      const refused = await page.request.get(`${baseUrl}/api/admin/users`);
      expect(refused.status()).toBe(403);
      expect(((await refused.json()) as { message: string }).message).toBe(SET_UP_FIRST);

      ({ app: staffApp } = await setUpAuthenticatorApp(page, {
        password: staff.password,
        audited: '/admin-dashboard/security',
      }));
      await page
        .getByRole('alert')
        .filter({ hasText: SET_UP_FIRST })
        .first()
        .waitFor({ state: 'detached', ...TIMEOUT });
      await page.goto(`${baseUrl}/admin-dashboard/alluser`);
      await page.getByRole('heading', { level: 1 }).waitFor(TIMEOUT);
      expect(new URL(page.url()).pathname).toBe('/admin-dashboard/alluser');
      expect((await page.request.get(`${baseUrl}/api/admin/users`)).status()).toBe(200);

      // The next sign-in asks for the code.
      await logOut(page, baseUrl);
      await staffLogInWithCode(page, baseUrl, staff, staffApp);
      await page.close();
    }, 180_000);

    it('a member enrols an authenticator app, signs in with a code, withdraws with a step-up code and uses a recovery code once', async () => {
      const { baseUrl } = platform;
      const member = newMember('Ada', 'Lovelace');
      const page = await context.newPage();
      await signUpAndVerify(page, platform, member, `${baseUrl}/signup`);
      await logIn(page, baseUrl, member);
      await savePayoutWallets(page, baseUrl);
      await page.goto(`${baseUrl}/dashboard`);

      const offer = page.getByRole('region', { name: 'Protect your account with two-step verification.' });
      await offer.waitFor(TIMEOUT);
      await expectNoSeriousViolations(page, '/dashboard with the two-step offer');
      await offer.getByRole('link', { name: 'Set up two-step verification' }).click();
      await page.waitForURL(`${baseUrl}/dashboard/security`, TIMEOUT);
      await page.getByRole('region', { name: 'Active sessions' }).waitFor(TIMEOUT);
      await expectNoSeriousViolations(page, '/dashboard/security');
      const { app, recoveryCodes } = await setUpAuthenticatorApp(page, {
        password: member.password,
        audited: '/dashboard/security',
      });
      await expectNoSeriousViolations(page, '/dashboard/security with two-step verification on');

      await logOut(page, baseUrl);
      let twoStep = await passwordStep(page, baseUrl, member);
      await expectNoSeriousViolations(page, '/login: two-step verification');
      await twoStep.getByRole('textbox', { name: /^Authentication code/ }).fill(await app.nextCode());
      await twoStep.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);
      await page.getByText(`Welcome, ${member.firstName}.`).waitFor(TIMEOUT);

      // An admin credits the member, so there is something to withdraw.
      const admin = await context.newPage();
      await staffLogInWithCode(admin, baseUrl, staff, staffApp);
      await openManageUser(admin, baseUrl, member.email);
      await setAccountBalance(admin, '200', 'Welcome bonus');
      await admin.close();

      await waitForAccountBalance(page, `${baseUrl}/dashboard/withdraw-balance`, '$200.00');
      // The server asks for the factor, not only the page.
      const withoutFactor = await page.request.post(`${baseUrl}/api/withdraw`, {
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Idempotency-Key': randomUUID() },
        data: { source: 'balance', amount: '50', payment_method: 'BITCOIN', wallet_address: BITCOIN_ADDRESS },
      });
      expect(withoutFactor.status()).toBe(403);
      const stepUp = page.getByRole('group', { name: 'Confirm it is you' });
      await stepUp.waitFor(TIMEOUT);
      await page.getByRole('button', { name: 'BITCOIN' }).click();
      await page.getByLabel(/^Amount/).fill('50');
      await page.getByLabel(/^Wallet Address/).fill(BITCOIN_ADDRESS);
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await stepUp.getByText('Authentication code is required').waitFor(TIMEOUT);
      await expectNoSeriousViolations(page, '/dashboard/withdraw-balance with the step-up');
      await stepUp.getByRole('textbox', { name: /^Authentication code/ }).fill(await app.nextCode());
      await page.getByRole('button', { name: 'Proceed to Payment' }).click();
      await page.getByText('Withdrawal successful!').waitFor(TIMEOUT);
      await page.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);

      // A recovery code signs in once.
      const [recoveryCode] = recoveryCodes;
      await logOut(page, baseUrl);
      twoStep = await passwordStep(page, baseUrl, member);
      await twoStep.getByRole('button', { name: 'Use a recovery code' }).click();
      await twoStep.getByRole('textbox', { name: /^Recovery code/ }).fill(recoveryCode ?? '');
      await expectNoSeriousViolations(page, '/login: recovery code');
      await twoStep.getByRole('button', { name: 'Verify' }).click();
      await page.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);

      await logOut(page, baseUrl);
      twoStep = await passwordStep(page, baseUrl, member);
      await twoStep.getByRole('button', { name: 'Use a recovery code' }).click();
      await twoStep.getByRole('textbox', { name: /^Recovery code/ }).fill(recoveryCode ?? '');
      await twoStep.getByRole('button', { name: 'Verify' }).click();
      await twoStep.getByText('Invalid or already used recovery code').waitFor(TIMEOUT);
      expect(new URL(page.url()).pathname).toBe('/login');
      await page.close();
    }, 300_000);

    it('a member adds a passkey with a virtual authenticator and signs in with it, without a password', async () => {
      const { baseUrl } = platform;
      const member = newMember('Grace', 'Hopper');
      const page = await context.newPage();
      // The authenticator belongs to this page (its target), for as long as it lives.
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable', { enableUI: false });
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await signUpAndVerify(page, platform, member, `${baseUrl}/signup`);
      await logIn(page, baseUrl, member);
      await page.goto(`${baseUrl}/dashboard/security`);
      const passkeys = page.getByRole('region', { name: 'Passkeys' });
      await passkeys.getByText('You have no passkeys yet.').waitFor(TIMEOUT);
      await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
      await dialog.getByRole('textbox', { name: /^Passkey name/ }).fill('Test laptop');
      // The account's first factor asks for its password.
      await dialog.getByLabel(/^Password/).fill(member.password);
      await expectNoSeriousViolations(page, '/dashboard/security: add a passkey');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      // The first factor of the account comes with its recovery codes.
      await saveRecoveryCodes(page, { audited: '/dashboard/security after the first passkey' });
      await passkeys.getByText('Test laptop').waitFor(TIMEOUT);
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials.map((credential) => credential.isResidentCredential)).toEqual([true]);
      await expectNoSeriousViolations(page, '/dashboard/security with a passkey');

      await logOut(page, baseUrl);
      await page.goto(`${baseUrl}/login`);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await page.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);
      await page.getByText(`Welcome, ${member.firstName}.`).waitFor(TIMEOUT);
      const [used] = (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
      expect(used?.signCount).toBeGreaterThan(credentials[0]?.signCount ?? 0);

      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await page.close();
    }, 180_000);
  });
});

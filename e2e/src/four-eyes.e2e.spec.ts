import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openContext } from './browser.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  TIMEOUT,
  createStaff,
  expectNoSeriousViolations,
  logIn,
  newMember,
  openManageUser,
  requestDeposit,
  signUpAndVerify,
  staffLogIn,
  transactionRow,
  waitForAccountBalance,
  type Staff,
} from './journey-steps.js';
import { startPlatform, type RunningPlatform } from './platform.js';

const REASON = 'Wire received on 26 November';

/** The Approvals screen's row of the member's proposal. */
function proposalRow(page: Page, memberName: string) {
  return page.getByRole('row').filter({ hasText: memberName }).filter({ hasText: 'Balance adjustment' });
}

describe('four eyes on money through the whole stack', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let member: Page;
  let maker: Page;
  let checker: Page;
  let checkerStaff: Staff;
  const grace = newMember('Grace', 'Hopper');

  beforeAll(async () => {
    // Deposits over $1,000 need a second admin here, so a test deposit of the cheapest plan is one.
    platform = await startPlatform({
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      APPROVALS: 'on',
      APPROVAL_DEPOSIT_OVER: '1000.00',
    });
    checkerStaff = await createStaff(platform, 'admin', 'Kim', 'Checker');
    browser = await launchBrowser();
    const viewport = { viewport: { width: 1280, height: 900 } };
    member = await (await openContext(browser, viewport)).newPage();
    maker = await (await openContext(browser, viewport)).newPage();
    checker = await (await openContext(browser, viewport)).newPage();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 30_000);

  it('the first admin proposes an adjustment: nothing changes yet, and they cannot approve their own', async () => {
    const { baseUrl } = platform;
    await signUpAndVerify(member, platform, grace, `${baseUrl}/signup`);
    await logIn(member, baseUrl, grace);

    await staffLogIn(maker, baseUrl);
    await openManageUser(maker, baseUrl, grace.email);
    await maker.getByRole('textbox', { name: 'Account Balance' }).fill('250');
    await maker.getByLabel(/^Reason/).fill(REASON);
    await maker.getByRole('button', { name: 'Update Details' }).click();
    await maker.getByText('Sent for approval').first().waitFor(TIMEOUT);
    await maker.getByText('Awaiting approval').first().waitFor(TIMEOUT);
    await expectNoSeriousViolations(maker, '/admin-dashboard/manage-user awaiting approval');

    await maker.goto(`${baseUrl}/admin-dashboard/approvals`);
    const row = proposalRow(maker, 'Grace Hopper');
    await row.waitFor(TIMEOUT);
    await row.getByText(REASON).waitFor(TIMEOUT);
    await row.getByRole('button', { name: 'Withdraw' }).waitFor(TIMEOUT);
    expect(await row.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await expectNoSeriousViolations(maker, '/admin-dashboard/approvals');

    await waitForAccountBalance(member, `${baseUrl}/dashboard/withdraw-balance`, '$0.00');
  }, 180_000);

  it('a second admin approves it with a reason, seeing the before and after; the member then sees it', async () => {
    const { baseUrl } = platform;
    await staffLogIn(checker, baseUrl, checkerStaff);
    await checker
      .getByRole('link', { name: /^Approvals/ })
      .first()
      .waitFor(TIMEOUT);
    await checker.goto(`${baseUrl}/admin-dashboard/approvals`);
    const row = proposalRow(checker, 'Grace Hopper');
    await row.getByRole('button', { name: 'Approve' }).click();

    const dialog = checker.getByRole('dialog', { name: /^Approve/ });
    await dialog.waitFor(TIMEOUT);
    const available = dialog.getByRole('row').filter({ hasText: 'Available' });
    await expect(available.innerText()).resolves.toMatch(/0\.00[\s\S]*250\.00/);
    await expectNoSeriousViolations(checker, '/admin-dashboard/approvals approve dialog');
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('Matched the bank statement');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await checker.getByText('Approved and done').first().waitFor(TIMEOUT);
    await checker.getByText('Nothing awaits approval.').waitFor(TIMEOUT);

    await waitForAccountBalance(member, `${baseUrl}/dashboard/withdraw-balance`, '$250.00');
    await member.goto(`${baseUrl}/dashboard`);
    await member.getByText(REASON).first().waitFor(TIMEOUT);
  }, 180_000);

  it("the approver of a deposit's confirmation sees its hash, its proof, and another deposit claiming the same payment", async () => {
    const { baseUrl } = platform;
    const hash = `0x${'5e'.repeat(32)}`;
    await requestDeposit(member, baseUrl, '1100', undefined, hash);
    await requestDeposit(member, baseUrl, '1150', undefined, `https://etherscan.io/tx/${hash}`);

    await maker.goto(`${baseUrl}/admin-dashboard/alltransaction`);
    await transactionRow(maker, 'deposit', '$1,100.00').getByRole('button', { name: 'Confirm' }).click();
    await maker.getByText('Sent for approval').first().waitFor(TIMEOUT);

    await checker.goto(`${baseUrl}/admin-dashboard/approvals`);
    const row = checker
      .getByRole('row')
      .filter({ hasText: 'Confirm deposit' })
      .filter({ hasText: '$1,100.00' });
    await row.getByRole('button', { name: 'Approve' }).click();
    const dialog = checker.getByRole('dialog', { name: 'Approve: Confirm deposit' });
    const evidence = dialog.getByRole('group', { name: 'Transaction hash' });
    await evidence.getByText(hash, { exact: true }).waitFor(TIMEOUT);
    await evidence
      .getByText('1 other deposit gives this transaction hash too.', { exact: false })
      .waitFor(TIMEOUT);
    await evidence
      .getByText('1 other deposit came with this very same proof file.', { exact: false })
      .waitFor(TIMEOUT);
    await expectNoSeriousViolations(checker, 'the approve dialog of a deposit claimed twice');

    await evidence.getByRole('button', { name: 'View proof' }).click();
    const proof = checker.getByRole('dialog', { name: 'Proof of payment' });
    await proof.getByRole('img', { name: 'Proof of payment for the deposit of $1,100.00' }).waitFor(TIMEOUT);
    await proof.getByRole('button', { name: 'Close' }).click();
    await proof.waitFor({ state: 'detached', ...TIMEOUT });

    await dialog
      .getByRole('textbox', { name: /^Reason/ })
      .fill('The 1,100 is on the network; the 1,150 is not');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await checker.getByText('Approved and done').first().waitFor(TIMEOUT);
    await member.goto(`${baseUrl}/dashboard/deposit-history`);
    await member
      .getByRole('row')
      .filter({ hasText: '$1,100.00' })
      .filter({ hasText: /confirmed|completed/i })
      .waitFor(TIMEOUT);
  }, 180_000);
});

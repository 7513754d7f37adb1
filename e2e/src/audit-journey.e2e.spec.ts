import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { launchBrowser, openContext } from './browser.js';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  BITCOIN_ADDRESS,
  TIMEOUT,
  createStaff,
  expectNoSeriousViolations,
  logIn,
  newMember,
  requestDeposit,
  savePayoutWallets,
  signUpAndVerify,
  staffLogIn,
  transactionRow,
  type Staff,
} from './journey-steps.js';
import { waitForMail } from './mail.js';
import { startPlatform, type RunningPlatform } from './platform.js';

// Not UTC, so the screens' local-time fields are really read as local time.
const TIME_ZONE = 'America/New_York';
const ADJUSTMENT_REASON = 'Goodwill credit after a support call';

type Balances = Record<
  'available' | 'invested' | 'profit_locked' | 'profit_unlocked' | 'reserved' | 'total',
  string
>;
type StatementLine = {
  id: string;
  position: number;
  type: string;
  amount: string;
  change: string;
  bucket: string | null;
  reason: string | null;
  recorded_at: string;
  hash: string;
  balances: Balances;
};
type Statement = {
  as_of: string;
  events: number;
  head_hash: string | null;
  balances: Balances;
  lines: StatementLine[];
};

/** "2026-11-22T01:30": a moment as a datetime-local field in TIME_ZONE shows it. */
function localMinute(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

const usd = (amount: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(amount));

/**
 * Body rows that hold records: the data table shows "Loading...", the empty message or the fetch error as one
 * row of a single cell spanning every column, and such a row must never count as a record.
 */
const RECORD_ROWS = 'tbody tr:not(:has(td[colspan]))';

/** The body rows of a table named `name`, each as its cells' text. */
async function tableRows(page: Page, name: string): Promise<string[][]> {
  const table = page.getByRole('table', { name, exact: true });
  await table.waitFor(TIMEOUT);
  const rows = await table.locator(RECORD_ROWS).all();
  return Promise.all(
    rows.map(async (row) => (await row.locator('td').allInnerTexts()).map((text) => text.trim())),
  );
}

async function tableHeaders(page: Page, name: string): Promise<string[]> {
  return page.getByRole('table', { name, exact: true }).locator('thead th').allInnerTexts();
}

/** The rows of a table as objects keyed by its headers. */
async function tableRecords(page: Page, name: string): Promise<Record<string, string>[]> {
  const headers = (await tableHeaders(page, name)).map((header) => header.trim());
  return (await tableRows(page, name)).map((cells) =>
    Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? ''])),
  );
}

/** Polls until the table has `count` record rows (read models and refetches may lag a moment). */
async function waitForRowCount(page: Page, name: string, count: number) {
  const rows = page.getByRole('table', { name, exact: true }).locator(RECORD_ROWS);
  const deadline = Date.now() + 15_000;
  while ((await rows.count()) !== count) {
    if (Date.now() > deadline)
      throw new Error(`table "${name}" has ${await rows.count()} rows, not ${count}`);
    await page.waitForTimeout(200);
  }
}

async function cardFigure(page: Page, title: string): Promise<string> {
  const card = page.getByRole('region', { name: title, exact: true });
  await card.waitFor(TIMEOUT);
  return (await card.innerText()).replace(title, '').trim();
}

async function downloadedCsv(download: Download): Promise<Record<string, string>[]> {
  const path = await download.path();
  return parse(await readFile(path, 'utf8'), { bom: true, columns: true }) as Record<string, string>[];
}

async function memberStatement(page: Page, baseUrl: string, asOf?: string): Promise<Statement> {
  const query = asOf ? `?${new URLSearchParams({ as_of: asOf })}` : '';
  const response = await page.request.get(`${baseUrl}/api/user/statement${query}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Statement;
}

/** The page is no wider than the window: tables may scroll, but only inside their own container. */
async function expectNoHorizontalOverflow(page: Page, screen: string) {
  // A string, since these files are typed without the DOM's names.
  const overflow = await page.evaluate(`({
    document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    body: document.body.scrollWidth - document.documentElement.clientWidth,
  })`);
  expect({ screen, overflow }).toEqual({ screen, overflow: { document: 0, body: 0 } });
}

describe('statements, account history, audit and operations through the whole stack', () => {
  let platform: RunningPlatform;
  let browser: Browser;
  let memberContext: BrowserContext;
  let adminContext: BrowserContext;
  let auditorContext: BrowserContext;
  let member: Page;
  let admin: Page;
  let auditor: Page;
  let auditorAccount: Staff;
  let memberId: string;
  let adjustmentRequestId: string;
  let depositRequestedAt: string;
  const grace = newMember('Grace', 'Hopper');

  beforeAll(async () => {
    platform = await startPlatform({ ADMIN_EMAIL, ADMIN_PASSWORD });
    browser = await launchBrowser();
    const options = { viewport: { width: 1280, height: 900 }, timezoneId: TIME_ZONE };
    memberContext = await openContext(browser, { ...options, acceptDownloads: true });
    adminContext = await openContext(browser, options);
    auditorContext = await openContext(browser, { ...options, acceptDownloads: true });
    member = await memberContext.newPage();
    admin = await adminContext.newPage();
    auditor = await auditorContext.newPage();
    auditorAccount = await createStaff(platform, 'auditor', 'Ida', 'Tarbell');
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.stop();
  }, 30_000);

  it('a member deposits, an admin confirms and adjusts with a reason, the member withdraws', async () => {
    const { baseUrl } = platform;
    await signUpAndVerify(member, platform, grace, `${baseUrl}/signup`);
    await logIn(member, baseUrl, grace);
    await requestDeposit(member, baseUrl, '1500');
    const [requested] = (await memberStatement(member, baseUrl)).lines;
    depositRequestedAt = requested?.recorded_at ?? '';
    expect(requested?.type).toBe('DepositRequested');

    await staffLogIn(admin, baseUrl);
    // The confirmation lands in a later minute than the request, so "Balance as of" the request's minute
    // (a datetime-local field works to the minute) tells the two apart.
    const nextMinute = (Math.floor(Date.parse(depositRequestedAt) / 60_000) + 1) * 60_000;
    await admin.waitForTimeout(Math.max(0, nextMinute - Date.now() + 500));
    await admin.goto(`${baseUrl}/admin-dashboard/alltransaction`);
    const deposit = transactionRow(admin, 'deposit', '$1,500.00');
    await deposit.getByRole('button', { name: 'Confirm' }).click();
    await deposit.getByRole('button', { name: 'Payment Confirmed' }).waitFor(TIMEOUT);

    await admin.goto(`${baseUrl}/admin-dashboard/alluser`);
    await admin
      .getByRole('row')
      .filter({ hasText: grace.email })
      .getByRole('link', { name: /^Manage user/ })
      .click();
    await admin.getByText('View and edit user information').waitFor(TIMEOUT);
    memberId = /manage-user\/([^/?]+)/.exec(admin.url())?.[1] ?? '';
    expect(memberId).toMatch(/^[0-9a-f-]{36}$/);
    await admin.getByRole('textbox', { name: 'Account Balance' }).fill('200');
    await admin.getByLabel(/^Reason/).fill(ADJUSTMENT_REASON);
    const adjustment = admin.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.url().endsWith('/balances'),
    );
    await admin.getByRole('button', { name: 'Update Details' }).click();
    const adjusted = await adjustment;
    expect(adjusted.status()).toBeLessThan(300);
    adjustmentRequestId = adjusted.headers()['x-request-id'] ?? '';
    expect(adjustmentRequestId).not.toBe('');
    await admin.getByText('User updated successfully').waitFor(TIMEOUT);

    // Withdrawals go only to the address book: one PayoutAddressSaved per wallet (bitcoin, ethereum, usdt).
    await savePayoutWallets(member, baseUrl);
    await member.goto(`${baseUrl}/dashboard/withdraw-balance`);
    await member.getByRole('button', { name: 'BITCOIN' }).click();
    await member.getByLabel(/^Amount/).fill('50');
    await member.getByLabel(/^Wallet Address/).fill(BITCOIN_ADDRESS);
    await member.getByRole('button', { name: 'Proceed to Payment' }).click();
    await member.getByText('Withdrawal successful!').waitFor(TIMEOUT);
    await member.waitForURL(`${baseUrl}/dashboard`, TIMEOUT);
  }, 180_000);

  it('the Statement shows the lines with running totals, the balances and the fingerprint', async () => {
    const { baseUrl } = platform;
    await member.goto(`${baseUrl}/dashboard`);
    await member.getByRole('link', { name: 'Statement', exact: true }).first().click();
    await member.waitForURL(`${baseUrl}/dashboard/statement`, TIMEOUT);
    await member.getByRole('heading', { name: 'Statement', level: 1 }).waitFor(TIMEOUT);
    await waitForRowCount(member, 'Statement events', 7);
    const statement = await memberStatement(member, baseUrl);

    // Hand-computed: the confirmed 1,500 is invested, the adjustment sets Available to 200, the three saved
    // payout addresses move no money, and the withdrawal moves 50 of it to Reserved without changing the total.
    expect(statement.lines.map((line) => [line.type, line.amount, line.change, line.balances.total])).toEqual(
      [
        ['DepositRequested', '1500.00', '0.00', '0.00'],
        ['DepositConfirmed', '1500.00', '1500.00', '1500.00'],
        ['BalanceAdjusted', '200.00', '200.00', '1700.00'],
        ['PayoutAddressSaved', '0.00', '0.00', '1700.00'],
        ['PayoutAddressSaved', '0.00', '0.00', '1700.00'],
        ['PayoutAddressSaved', '0.00', '0.00', '1700.00'],
        ['WithdrawalRequested', '50.00', '0.00', '1700.00'],
      ],
    );
    const rows = await tableRecords(member, 'Statement events');
    expect(rows.map((row) => [row.Event, row.Amount, row['Total after'], row['Available after']])).toEqual([
      ['Withdrawal requested', '$50.00', '$1,700.00', '$150.00'],
      ['Payout address added', '$0.00', '$1,700.00', '$200.00'],
      ['Payout address added', '$0.00', '$1,700.00', '$200.00'],
      ['Payout address added', '$0.00', '$1,700.00', '$200.00'],
      ['Balance adjusted (Available)', '$200.00', '$1,700.00', '$200.00'],
      ['Deposit confirmed', '$1,500.00', '$1,500.00', '$0.00'],
      ['Deposit requested', '$1,500.00', '$0.00', '$0.00'],
    ]);
    expect(rows[4]?.Reason).toBe(ADJUSTMENT_REASON);
    expect(rows.map((row) => row.Change)).toEqual([
      '$0.00',
      '$0.00',
      '$0.00',
      '$0.00',
      '+$200.00',
      '+$1,500.00',
      '$0.00',
    ]);

    const cards: [string, string][] = [
      ['Available', '$150.00'],
      ['Invested', '$1,500.00'],
      ['Locked profit', '$0.00'],
      ['Unlocked profit', '$0.00'],
      ['Reserved', '$50.00'],
      ['Total', '$1,700.00'],
    ];
    for (const [title, figure] of cards)
      expect([title, await cardFigure(member, title)]).toEqual([title, figure]);

    const fingerprint = member.getByRole('region', { name: 'Fingerprint' });
    expect(statement.head_hash).toBe(statement.lines.at(-1)?.hash);
    expect(await fingerprint.locator('code').first().innerText()).toBe(statement.head_hash);
    await expectNoSeriousViolations(member, '/dashboard/statement');
  }, 60_000);

  it('Balance as of the deposit request shows a total of $0.00; Download CSV matches the lines', async () => {
    const { baseUrl } = platform;
    await member.getByLabel('Balance as of').fill(localMinute(depositRequestedAt));
    await member.getByRole('button', { name: 'Apply' }).click();
    await member.waitForURL(/as_of=/, TIMEOUT);
    await waitForRowCount(member, 'Statement events', 1);
    const asOf = new URL(member.url()).searchParams.get('as_of') ?? '';
    const before = await memberStatement(member, baseUrl, asOf);
    expect(before.lines.map((line) => line.type)).toEqual(['DepositRequested']);
    expect(await cardFigure(member, 'Total')).toBe('$0.00');
    expect(await cardFigure(member, 'Invested')).toBe('$0.00');
    expect((await tableRecords(member, 'Statement events')).map((row) => row.Event)).toEqual([
      'Deposit requested',
    ]);
    expect(
      await member.getByRole('region', { name: 'Fingerprint' }).locator('code').first().innerText(),
    ).toBe(before.head_hash);

    await member.getByRole('button', { name: 'Now' }).click();
    await waitForRowCount(member, 'Statement events', 7);
    const statement = await memberStatement(member, baseUrl);
    const [download] = await Promise.all([
      member.waitForEvent('download', TIMEOUT),
      member.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = await downloadedCsv(download);
    expect(csv.map((row) => [row.event_id, row.type, row.amount, row.change, row.total, row.hash])).toEqual([
      ...statement.lines.map((line) => [
        line.id,
        line.type,
        line.amount,
        line.change,
        line.balances.total,
        line.hash,
      ]),
      ['', 'Closing balance', '', '', statement.balances.total, statement.head_hash],
    ]);
    expect(csv.find((row) => row.type === 'BalanceAdjusted')?.reason).toBe(ADJUSTMENT_REASON);
  }, 60_000);

  it('an auditor reads the account history: timeline with actors and reasons, filter, balance as of, check', async () => {
    const { baseUrl } = platform;
    await staffLogIn(auditor, baseUrl, auditorAccount);
    await auditor.goto(`${baseUrl}/admin-dashboard/alluser`);
    await auditor
      .getByRole('row')
      .filter({ hasText: grace.email })
      .getByRole('link', { name: /^View user/ })
      .click();
    await auditor.getByText('View and edit user information').waitFor(TIMEOUT);
    for (const name of ['Update Details', 'Email Client', /^Delete/]) {
      expect([String(name), await auditor.getByRole('button', { name }).count()]).toEqual([String(name), 0]);
    }
    await auditor.getByRole('link', { name: 'Account history' }).click();
    await auditor.waitForURL(`${baseUrl}/admin-dashboard/manage-user/${memberId}/history`, TIMEOUT);
    await auditor.getByRole('heading', { name: /^Account history: Grace Hopper/, level: 1 }).waitFor(TIMEOUT);

    await waitForRowCount(auditor, 'Account timeline', 7);
    const timeline = await tableRecords(auditor, 'Account timeline');
    expect(timeline.map((row) => [row.Type, row.Amount, row.Reason])).toEqual([
      ['Withdrawal requested', '$50.00', '—'],
      ['Payout address added', '$0.00', '—'],
      ['Payout address added', '$0.00', '—'],
      ['Payout address added', '$0.00', '—'],
      ['Balance adjusted (Available)', '$200.00', ADJUSTMENT_REASON],
      ['Deposit confirmed', '$1,500.00', '—'],
      ['Deposit requested', '$1,500.00', '—'],
    ]);
    expect(timeline.map((row) => row.Actor)).toEqual([
      'Member',
      'Member',
      'Member',
      'Member',
      expect.stringMatching(/\(admin\)$/),
      expect.stringMatching(/\(admin\)$/),
      'Member',
    ]);
    // The request that made the adjustment is the one its event names.
    expect(timeline[4]?.['Request id']).toBe(adjustmentRequestId);

    await auditor.getByRole('combobox', { name: 'Type' }).click();
    await auditor.getByRole('option', { name: 'Balance adjusted' }).click();
    await auditor
      .getByRole('form', { name: 'Timeline filters' })
      .getByRole('button', { name: 'Apply' })
      .click();
    await waitForRowCount(auditor, 'Account timeline', 1);
    expect((await tableRecords(auditor, 'Account timeline')).map((row) => row.Type)).toEqual([
      'Balance adjusted (Available)',
    ]);
    await auditor
      .getByRole('form', { name: 'Timeline filters' })
      .getByRole('button', { name: 'Clear' })
      .click();
    await waitForRowCount(auditor, 'Account timeline', 7);

    const statement = await memberStatement(member, baseUrl);
    const balanceAsOf = auditor.getByRole('form', { name: 'Balance as of' });
    await balanceAsOf.getByRole('button', { name: 'Show balance' }).click();
    await waitForRowCount(auditor, 'Events up to this moment', 7);
    const balances = auditor
      .locator('section')
      .filter({ has: auditor.getByRole('heading', { name: 'Balance as of', exact: true }) });
    await expect(balances.innerText()).resolves.toMatch(/Total\s+\$1,700\.00/);
    await expect(balances.innerText()).resolves.toMatch(/Reserved\s+\$50\.00/);
    expect(
      (await tableRecords(auditor, 'Events up to this moment')).map((row) => [
        row.Position,
        row['Running total'],
      ]),
    ).toEqual(statement.lines.map((line) => [String(line.position), usd(line.balances.total)]));
    await auditor.getByText(`Head hash: ${statement.head_hash}`).waitFor(TIMEOUT);

    await balanceAsOf.getByLabel('As of').fill(localMinute(depositRequestedAt));
    await balanceAsOf.getByRole('button', { name: 'Show balance' }).click();
    await waitForRowCount(auditor, 'Events up to this moment', 1);
    await expect(balances.innerText()).resolves.toMatch(/Total\s+\$0\.00/);

    await auditor.getByRole('button', { name: 'Verify history' }).click();
    await auditor.getByText(/^History intact: 7 events/).waitFor(TIMEOUT);

    // Reading only: every button of the screen filters, pages, shows or checks; the downloads are links.
    const buttons = await auditor.getByRole('main').getByRole('button').allInnerTexts();
    expect([...new Set(buttons.map((text) => text.trim()))].sort()).toEqual([
      'Apply',
      'Clear',
      'Next',
      'Previous',
      'Show balance',
      'Verify history',
    ]);
    await expectNoSeriousViolations(auditor, '/admin-dashboard/manage-user/:id/history');
  }, 120_000);

  it('the Audit screen finds the whole store intact and exports the transactions of the days of this run', async () => {
    const { baseUrl } = platform;
    await auditor.goto(`${baseUrl}/admin-dashboard/audit`);
    await auditor.getByRole('heading', { name: 'Audit', level: 1 }).waitFor(TIMEOUT);
    await auditor.getByRole('button', { name: 'Verify history' }).click();
    await auditor.getByText(/^History intact: \d+ events? in \d+ streams?/).waitFor(TIMEOUT);

    // From the UTC day of the member's first event to today's: a run may cross midnight UTC.
    const statement = await memberStatement(member, baseUrl);
    const firstDay = statement.lines[0]?.recorded_at.slice(0, 10) ?? '';
    await auditor.getByLabel('From', { exact: true }).fill(firstDay);
    await auditor.getByLabel('To', { exact: true }).fill(new Date().toISOString().slice(0, 10));
    const [download] = await Promise.all([
      auditor.waitForEvent('download', TIMEOUT),
      auditor.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const rows = (await downloadedCsv(download)).filter((row) => row.user_id === memberId);
    expect(rows.map((row) => [row.event_id, row.type, row.amount])).toEqual(
      statement.lines.map((line) => [line.id, line.type, line.amount]),
    );
    const adjustmentRow = rows.find((row) => row.type === 'BalanceAdjusted');
    expect(adjustmentRow).toMatchObject({
      reason: ADJUSTMENT_REASON,
      actor_role: 'admin',
      request_id: adjustmentRequestId,
    });
    // The member saved the three payout addresses, under their own id.
    expect(
      rows.filter((row) => row.type === 'PayoutAddressSaved').map((row) => [row.actor_role, row.actor_id]),
    ).toEqual([
      ['member', memberId],
      ['member', memberId],
      ['member', memberId],
    ]);
    await expectNoSeriousViolations(auditor, '/admin-dashboard/audit');
  }, 60_000);

  it('Jobs on the confirmed deposit lists its events and mail jobs, linked to the queue board', async () => {
    const { baseUrl } = platform;
    await waitForMail(platform, grace.email, /Your deposit is confirmed/);
    await admin.goto(`${baseUrl}/admin-dashboard/alltransaction`);
    await transactionRow(admin, 'deposit', '$1,500.00').getByRole('button', { name: 'Jobs' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Jobs' });
    const jobs = dialog.getByRole('table', { name: 'Events and mail jobs of the deposit of $1,500.00' });
    await jobs.waitFor(TIMEOUT);
    const statement = await memberStatement(member, baseUrl);
    const depositEvents = statement.lines.filter((line) => line.type.startsWith('Deposit'));
    const rows = await jobs.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain('DepositRequested');
    expect(rows[0]).toContain(depositEvents[0]?.id);
    expect(rows[0]).toContain('deposit-received');
    expect(rows[1]).toContain('DepositConfirmed');
    expect(rows[1]).toContain(depositEvents[1]?.id);
    expect(rows[1]).toContain('deposit-confirmed');
    await expectNoSeriousViolations(admin, 'the Jobs dialog');

    const link = jobs.locator('tbody tr').nth(1).getByRole('link', { name: 'Open in queue board' });
    const href = new URL((await link.getAttribute('href')) ?? '', baseUrl).href;
    expect(href).toBe(`${baseUrl}/api/admin/queues/queue/mail/${depositEvents[1]?.id}`);
    const boardResponse = adminContext.waitForEvent('response', (response) => response.url() === href);
    const [board] = await Promise.all([adminContext.waitForEvent('page'), link.click()]);
    expect((await boardResponse).status()).toBe(200);
    await board.waitForLoadState();
    expect(board.url()).toBe(href);
    await board.close();
  }, 60_000);

  it('operators read metrics with an admin session and the projector and mailer answer their health checks', async () => {
    const { baseUrl } = platform;
    const metrics = await admin.request.get(`${baseUrl}/api/metrics`);
    expect(metrics.status()).toBe(200);
    const text = await metrics.text();
    expect(text).toMatch(/^http_request_duration_seconds_\w+\{[^}]*route="\/api\/user\/statement"/m);
    expect(text).toMatch(/^ledgerstone_projection_lag_events\b/m);
    expect((await fetch(`${baseUrl}/api/metrics`)).status).toBe(401);

    for (const url of [platform.projectorHealthUrl, platform.mailerHealthUrl]) {
      for (const probe of ['live', 'ready']) {
        const response = await fetch(`${url}/${probe}`);
        expect([`${url}/${probe}`, response.status]).toEqual([`${url}/${probe}`, 200]);
      }
    }
  }, 30_000);

  it('the statement and the account history fit a 600 px window; tables scroll inside', async () => {
    const { baseUrl } = platform;
    await member.setViewportSize({ width: 600, height: 900 });
    await member.goto(`${baseUrl}/dashboard/statement`);
    await waitForRowCount(member, 'Statement events', 7);
    await expectNoHorizontalOverflow(member, '/dashboard/statement');
    await expectNoSeriousViolations(member, '/dashboard/statement at 600 px');

    await auditor.setViewportSize({ width: 600, height: 900 });
    await auditor.goto(`${baseUrl}/admin-dashboard/manage-user/${memberId}/history`);
    await waitForRowCount(auditor, 'Account timeline', 7);
    await auditor.getByRole('button', { name: 'Show balance' }).click();
    await waitForRowCount(auditor, 'Events up to this moment', 7);
    await auditor.getByRole('button', { name: 'Verify history' }).click();
    await auditor.getByText(/^History intact/).waitFor(TIMEOUT);
    await expectNoHorizontalOverflow(auditor, '/admin-dashboard/manage-user/:id/history');
  }, 60_000);
});

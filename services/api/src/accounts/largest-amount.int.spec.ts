import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { DepositResponse, PlanResponse } from '@ledgerstone/contracts';
import { addDays, MAX_AMOUNT } from '@ledgerstone/ledger';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BITCOIN,
  PNG,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { adjustBalancesAtCurrentVersion, confirmedDeposit } from '../testing/account-steps.js';
import { ProfitAccrual } from './accrual/profit-accrual.js';

/**
 * No figure of an account passes the largest amount the platform accepts (one trillion dollars): a command that
 * would take it there is refused and changes nothing, and the figure stays one the admin form can correct.
 */

const LARGEST = '1000000000000.00';

let testApp: AccountsTestApp;
let admin: { browser: TestAgent; userId: string };

beforeAll(async () => {
  testApp = await startAccountsTestApp('largest_amount');
  admin = await testApp.admin();
});

afterAll(async () => {
  await testApp?.close();
});

let whalePlan: PlanResponse | undefined;

/** A plan that takes deposits up to the largest amount (made once: plan names are unique). */
async function largestPlan(): Promise<PlanResponse> {
  if (whalePlan) return whalePlan;
  const { body } = await admin.browser
    .post('/api/admin/plans')
    .send({
      name: 'WHALE',
      kind: 'crypto',
      percentage: '50',
      termDays: 30,
      minAmount: '1000',
      maxAmount: '1000000000000',
    })
    .expect(201);
  whalePlan = body as PlanResponse;
  return whalePlan;
}

async function requestDeposit(member: TestAgent, plan: PlanResponse, amount: string): Promise<string> {
  const { body } = await member
    .post('/api/deposit')
    .field({ plan: plan.id, amount, payment_method: BITCOIN.id })
    .attach('payment_proof', PNG, { filename: 'proof.png', contentType: 'image/png' })
    .expect(201);
  return (body as DepositResponse).depositId;
}

describe('Deposits up to the largest amount', () => {
  it('refuses at once a deposit that could not be confirmed beside those waiting: 400 on the amount, nothing kept', async () => {
    const plan = await largestPlan();
    const member = await testApp.member();
    const first = await requestDeposit(member.browser, plan, LARGEST);

    const message =
      'This would take the invested total with the deposits waiting for confirmation to $2,000,000,000,000.00, ' +
      'above the largest amount an account may hold ($1,000,000,000,000.00); nothing was changed.';
    await member.browser
      .post('/api/deposit')
      .field({ plan: plan.id, amount: LARGEST, payment_method: BITCOIN.id })
      .attach('payment_proof', PNG, { filename: 'proof.png', contentType: 'image/png' })
      .expect(400, { message, fieldErrors: { amount: [message] } });
    const requested = (await testApp.accountEvents(member.userId)).filter(
      (event) => event.type === 'DepositRequested',
    );
    expect(requested.map((event) => event.data)).toEqual([expect.objectContaining({ depositId: first })]);
    await admin.browser.post(`/api/admin/deposits/${first}/confirm`).expect(200);
  });

  it('refuses to confirm one an adjustment left no room for: 409 naming the invested total, still adjustable', async () => {
    const plan = await largestPlan();
    const member = await testApp.member();
    const waiting = await requestDeposit(member.browser, plan, '1000.00');
    await adjustBalancesAtCurrentVersion(admin.browser, member.userId, {
      invested: LARGEST,
      reason: 'Correction',
    });

    const message =
      'This would take the invested total to $1,000,000,001,000.00, above the largest amount an account may ' +
      'hold ($1,000,000,000,000.00); nothing was changed.';
    await admin.browser
      .post(`/api/admin/deposits/${waiting}/confirm`)
      .expect(409, { message, fieldErrors: { invested: [message] } });

    const confirmed = (await testApp.accountEvents(member.userId)).filter(
      (event) => event.type === 'DepositConfirmed',
    );
    expect(confirmed).toEqual([]);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({ invested: MAX_AMOUNT });
    await admin.browser
      .post(`/api/admin/deposits/${waiting}/reject`)
      .send({ reason: 'Above what one account may hold' })
      .expect(200);
    await adjustBalancesAtCurrentVersion(admin.browser, member.userId, {
      invested: '999999999999.99',
      reason: 'Correction',
    });
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({ invested: MAX_AMOUNT - 1n });
  });
});

describe('The daily accrual of an account at the largest amount', () => {
  it('refuses that account alone, accrues the others, and accrues its days once it fits', async () => {
    const accrual = testApp.app.get(ProfitAccrual);
    const [full, other] = [await testApp.member(), await testApp.member()];
    // 50 % of 1,000.00 over 30 days: 16.66 a day.
    await confirmedDeposit(admin.browser, full.browser, '1000.00');
    await confirmedDeposit(admin.browser, other.browser, '1000.00');
    await adjustBalancesAtCurrentVersion(admin.browser, full.userId, {
      profit: '999999999990.00',
      reason: 'Correction',
    });
    const firstDay = addDays(testApp.clock.now().toISOString().slice(0, 10), 1);

    const run = await accrual.accrueUntil(firstDay);

    expect(run).toMatchObject({ refused: 1 });
    expect(await stateRow(testApp.accounts, full.userId)).toMatchObject({ profit_locked: 0n });
    expect(await stateRow(testApp.accounts, other.userId)).toMatchObject({ profit_locked: 1_666n });

    await adjustBalancesAtCurrentVersion(admin.browser, full.userId, {
      profit: '0.00',
      reason: 'Correction',
    });
    expect(await accrual.accrueUntil(firstDay)).toMatchObject({ accrued: 1, refused: 0 });
    expect(await stateRow(testApp.accounts, full.userId)).toMatchObject({ profit_locked: 1_666n });
  });
});

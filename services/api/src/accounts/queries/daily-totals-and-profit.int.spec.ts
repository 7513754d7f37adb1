import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readModels } from '@ledgerstone/contracts';
import { waitForCheckpoints } from '@ledgerstone/eventstore';
import { addDays } from '@ledgerstone/ledger';
import { sql } from 'kysely';
import type TestAgent from 'supertest/lib/agent.js';
import { ProfitAccrual } from '../accrual/profit-accrual.js';
import { activeMember, signedIn } from '../../testing/identity-test-app.js';
import { startAccountsTestApp, type AccountsTestApp } from '../../testing/accounts-test-app.js';
import {
  adjustBalancesAtCurrentVersion,
  confirmDeposit,
  payWithdrawal,
  rejectDeposit,
  requestDeposit,
  requestWithdrawal,
  startProjectorFor,
  type SignedInUser,
} from '../../testing/account-steps.js';
import type { ProjectorProcess } from '../../shared/testing/projector-process.js';
const DAY_MINUTES = 24 * 60;

let testApp: AccountsTestApp;
let projector: ProjectorProcess;
let admin: TestAgent;
let auditor: TestAgent;
let alice: SignedInUser;
let bob: SignedInUser;
let firstDay: string;
let lastPosition: string;

function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Remembers the position of the latest command, so the test can wait for the projector to pass it. */
function track<T extends { position: string }>(answer: T): T {
  lastPosition = answer.position;
  return answer;
}

async function deposit(member: SignedInUser, amount: string): Promise<string> {
  return track(await requestDeposit(member.browser, amount)).depositId;
}

async function confirmedDeposit(member: SignedInUser, amount: string): Promise<void> {
  track(await confirmDeposit(admin, await deposit(member, amount)));
}

async function withdrawal(member: SignedInUser, amount: string): Promise<string> {
  return track(await requestWithdrawal(member.browser, amount)).withdrawalId;
}

async function paidWithdrawal(member: SignedInUser, amount: string): Promise<void> {
  track(await payWithdrawal(admin, await withdrawal(member, amount)));
}

async function adjust(userId: string, figures: { available: string; profit: string }): Promise<void> {
  track(await adjustBalancesAtCurrentVersion(admin, userId, { ...figures, reason: 'Opening balance' }));
}

async function rememberedMember(): Promise<SignedInUser> {
  const details = await activeMember(testApp);
  return { browser: await signedIn(testApp, details, true), userId: details.userId };
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('daily_totals_and_profit');
  admin = (await testApp.admin()).browser;
  // Remembered sessions outlive the two days the clock moves below.
  alice = await rememberedMember();
  bob = await rememberedMember();
  firstDay = utcDate(testApp.clock.now());

  // The first day: two confirmed deposits and one paid withdrawal; what is pending or rejected does not count.
  await adjust(alice.userId, { available: '500.00', profit: '12.34' });
  await confirmedDeposit(alice, '1500.00');
  await confirmedDeposit(bob, '2000.00');
  await deposit(alice, '1000.00');
  const rejected = await deposit(bob, '1100.00');
  track(await rejectDeposit(admin, rejected, 'Blurred proof'));
  await paidWithdrawal(alice, '100.00');
  await withdrawal(alice, '25.00');
  // Nothing happens the next day; on the day after, one more of each.
  testApp.clock.advanceMinutes(2 * DAY_MINUTES);
  admin = (await testApp.admin()).browser;
  auditor = (await testApp.auditor()).browser;
  await confirmedDeposit(bob, '1200.00');
  await paidWithdrawal(alice, '50.00');

  projector = await startProjectorFor(testApp);
  const [transactionId, globalPosition] = testApp.openPosition(lastPosition).split(':');
  const reached = await waitForCheckpoints(testApp.db, {
    names: Object.values(readModels),
    position: { transactionId: BigInt(transactionId!), globalPosition: BigInt(globalPosition!) },
    timeoutMs: 15_000,
  });
  if (!reached) throw new Error('the projector did not catch up');
}, 120_000);

afterAll(async () => {
  await projector?.stop();
  await testApp?.close();
});

describe('GET /api/admin/daily-totals', () => {
  it('sums confirmed deposits and paid withdrawals per UTC day, oldest first, quiet days at zero', async () => {
    const response = await admin.get('/api/admin/daily-totals?days=3').expect(200);

    const today = utcDate(testApp.clock.now());
    const between = utcDate(new Date(testApp.clock.now().getTime() - 86_400_000));
    expect(response.body).toEqual({
      data: [
        { date: firstDay, deposits: '3500.00', withdrawals: '100.00' },
        { date: between, deposits: '0.00', withdrawals: '0.00' },
        { date: today, deposits: '1200.00', withdrawals: '50.00' },
      ],
    });
  });

  it('covers the last 30 days up to today by default, for auditors too', async () => {
    const response = await auditor.get('/api/admin/daily-totals').expect(200);

    const days = response.body.data as { date: string; deposits: string; withdrawals: string }[];
    expect(days).toHaveLength(30);
    expect(days.at(-1)?.date).toBe(utcDate(testApp.clock.now()));
    expect(days[0]?.date).toBe(utcDate(new Date(testApp.clock.now().getTime() - 29 * 86_400_000)));
    expect(days.filter((day) => day.deposits !== '0.00' || day.withdrawals !== '0.00')).toHaveLength(2);
  });

  it('leaves out days before the range', async () => {
    const response = await admin.get('/api/admin/daily-totals?days=1').expect(200);

    expect(response.body.data).toEqual([
      { date: utcDate(testApp.clock.now()), deposits: '1200.00', withdrawals: '50.00' },
    ]);
  });

  it.each(['0', '367', '2.5', 'many', '0x10', '0b11', '1e2', '%2B5', '%0A5', '%205', '30.0', '', '5&days=6'])(
    'refuses ?days=%s with a field error',
    async (days) => {
      const response = await admin.get(`/api/admin/daily-totals?days=${days}`).expect(400);

      expect(response.body).toEqual({
        message: 'Please correct the highlighted fields',
        fieldErrors: { days: ['Days must be a whole number from 1 to 366'] },
      });
    },
  );
});

async function maturityOf(member: { userId: string }): Promise<string> {
  const events = await testApp.accountEvents(member.userId);
  const confirmed = events.find((event) => event.type === 'DepositConfirmed');
  return (confirmed?.data as { maturesAt: string }).maturesAt;
}

describe('GET /api/user/profit', () => {
  it("answers the member's unlocked and locked profit and when the running investment matures", async () => {
    const response = await alice.browser.get('/api/user/profit').expect(200);

    expect(response.body).toEqual({
      profit_unlocked: '12.34',
      profit_locked: '0.00',
      next_unlock_at: await maturityOf(alice),
    });
  });

  it('answers the profit the daily accrual locked, once the projector has it', async () => {
    // 50 % of 1,500.00 over 30 days: 25.00 a day, five days after the confirmation.
    const run = await testApp.app.get(ProfitAccrual).accrueUntil(addDays(firstDay, 5));
    expect(run.accrued).toBeGreaterThanOrEqual(5);
    const { rows } = await sql<{ transaction: string; position: string }>`
      select transaction_id::text as transaction, global_position::text as position
      from events order by events.global_position desc limit 1
    `.execute(testApp.db);
    const reached = await waitForCheckpoints(testApp.db, {
      names: [readModels.memberBalances, readModels.investments],
      position: {
        transactionId: BigInt(rows[0]!.transaction),
        globalPosition: BigInt(rows[0]!.position),
      },
      timeoutMs: 15_000,
    });
    expect(reached).toBe(true);

    const response = await alice.browser.get('/api/user/profit').expect(200);

    expect(response.body).toEqual({
      profit_unlocked: '12.34',
      profit_locked: '125.00',
      next_unlock_at: await maturityOf(alice),
    });
  });

  it('answers zeros for a member whose money never moved', async () => {
    const carol = await testApp.member();

    const response = await carol.browser.get('/api/user/profit').expect(200);

    expect(response.body).toEqual({ profit_unlocked: '0.00', profit_locked: '0.00', next_unlock_at: null });
  });
});

describe('running investments', () => {
  // Runs after the accrual above: five days accrued on each investment confirmed on the first day.
  it("lists the member's own, with the plan terms and the profit accrued so far", async () => {
    const response = await alice.browser.get('/api/user/investments').expect(200);

    expect(response.body.data).toEqual([
      {
        id: expect.any(String),
        plan_name: 'BASIC',
        percentage: '50',
        term_days: 30,
        principal: '1500.00',
        accrued: '125.00',
        accrued_through: addDays(firstDay, 5),
        startedAt: expect.any(String),
        maturesAt: await maturityOf(alice),
      },
    ]);
  });

  it("lists one member's for staff, and every member's with their name for the overview", async () => {
    const ofBob = await auditor.get(`/api/admin/users/${bob.userId}/investments`).expect(200);
    expect(ofBob.body.data.map((each: { principal: string }) => each.principal)).toEqual([
      '2000.00',
      '1200.00',
    ]);

    const all = await admin.get('/api/admin/investments').expect(200);
    expect(all.body.data).toHaveLength(3);
    expect(all.body.data.map((each: { user: { id: string } }) => each.user.id).sort()).toEqual(
      [alice.userId, bob.userId, bob.userId].sort(),
    );
  });

  it('answers an empty list to a member with nothing invested', async () => {
    const carol = await testApp.member();

    await carol.browser.get('/api/user/investments').expect(200, { data: [] });
    await admin.get(`/api/admin/users/${carol.userId}/investments`).expect(200, { data: [] });
  });

  it('answers 404 to staff for an id that is no member', async () => {
    await admin
      .get(`/api/admin/users/${randomUUID()}/investments`)
      .expect(404, { message: 'User not found' });
  });
});

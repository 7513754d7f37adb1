import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { accountMessages, readModels, type AdminUserDetail } from '@ledgerstone/contracts';
import { waitForCheckpoints } from '@ledgerstone/eventstore';
import {
  adjustBalances,
  confirmDeposit,
  memberDetail,
  payWithdrawal,
  rejectWithdrawal,
  requestDeposit,
  requestWithdrawal,
  savePayoutAddresses,
  signInAs,
  startProjectorFor,
  type SignedInUser,
} from '../testing/account-steps.js';
import { startAccountsTestApp, stateRow, type AccountsTestApp } from '../testing/accounts-test-app.js';

/**
 * Issue 14, point 1: the Edit User Details form must never turn figures the admin did not touch into an
 * adjustment. Each member gets 1,000.00 available (and the step before the one under test); the projector then
 * catches up with that and stops, so the balances projection lags every later money movement: the worst case
 * of "at once", where the old page showed the projection's figures with the account's current version.
 * A member's first withdrawal saves the three test payout addresses first (bitcoin, ethereum, usdt): three account
 * events, so the account's version after funding and one withdrawal is 1 + 3 + 1.
 */

/** The account event types of saving the test addresses in the address book. */
const ADDRESS_BOOK_SAVED = ['PayoutAddressSaved', 'PayoutAddressSaved', 'PayoutAddressSaved'];

/** The types of the member's account events, in order. */
async function accountEventTypes(userId: string): Promise<string[]> {
  return (await testApp.accountEvents(userId)).map((event) => event.type);
}

let testApp: AccountsTestApp;
let admin: SignedInUser;
const members: Record<string, SignedInUser> = {};
/** The withdrawal the "rejected" member asked for before the projector stopped. */
let pendingWithdrawalId: string;

async function fundedMember(name: string): Promise<void> {
  const [member] = await signInAs(testApp, 'member');
  members[name] = member;
  await adjustBalances(admin.browser, member.userId, {
    available: { shown: '0.00', target: '1000.00' },
    reason: 'Opening balance',
    version: 0,
  });
}

beforeAll(async () => {
  testApp = await startAccountsTestApp('admin_balance_form');
  [admin] = await signInAs(testApp, 'admin');
  for (const name of [
    'withdrawing',
    'rejected',
    'paid',
    'confirmed',
    'stale',
    'mixed',
    'raced',
    'hostile',
    'unknown figure',
    'repeated',
    'another-admin',
  ]) {
    await fundedMember(name);
  }
  // The projection will show this withdrawal (13.00 left available) but not its rejection.
  const withdrawal = await requestWithdrawal(member('rejected').browser, '987.00');
  pendingWithdrawalId = withdrawal.withdrawalId;
  const projector = await startProjectorFor(testApp);
  try {
    const [transactionId, globalPosition] = testApp.openPosition(withdrawal.position).split(':');
    const reached = await waitForCheckpoints(testApp.db, {
      names: [readModels.memberBalances],
      position: { transactionId: BigInt(transactionId!), globalPosition: BigInt(globalPosition!) },
      timeoutMs: 15_000,
    });
    if (!reached) throw new Error('the projector did not catch up');
  } finally {
    await projector.stop();
  }
}, 120_000);

afterAll(async () => {
  await testApp?.close();
});

function member(name: string): SignedInUser {
  const found = members[name];
  if (!found) throw new Error(`no member "${name}" in beforeAll`);
  return found;
}

/** The figures the form fills its fields with, as `edit-user-form.tsx` reads them from the detail. */
function formFigures(detail: AdminUserDetail['data']) {
  return {
    available: detail.buckets.available,
    invested: detail.buckets.invested,
    profit: detail.total_balance,
  };
}

/**
 * Opens the member in the admin form and saves it untouched, sending every figure as shown (more than the
 * browser sends, which is nothing): the account must come out exactly as it went in.
 */
async function openAndSaveUnchanged(userId: string) {
  const before = await stateRow(testApp.accounts, userId);
  const eventsBefore = (await testApp.accountEvents(userId)).length;
  const detail = await memberDetail(admin.browser, userId);
  const shown = formFigures(detail);

  const saved = await adjustBalances(admin.browser, userId, {
    available: { shown: shown.available, target: shown.available },
    invested: { shown: shown.invested, target: shown.invested },
    profit: { shown: shown.profit, target: shown.profit },
    reason: 'Nothing changed',
    version: detail.version,
  });

  expect(saved.message).toBe(accountMessages.balancesUnchanged);
  expect(await stateRow(testApp.accounts, userId)).toEqual(before);
  expect(await testApp.accountEvents(userId)).toHaveLength(eventsBefore);
  return detail;
}

/** The balances projection's available figure: the projector has not seen what the test did. */
async function projectedAvailable(userId: string): Promise<bigint | undefined> {
  const row = await testApp.db
    .selectFrom('rm_member_balances' as never)
    .select('available' as never)
    .where('user_id' as never, '=', userId as never)
    .executeTakeFirst();
  return (row as { available: bigint } | undefined)?.available;
}

describe('the admin balance form, saved unchanged at once (no wait for the projector)', () => {
  it('after a withdrawal: the balances are unchanged, to the cent', async () => {
    const { browser, userId } = member('withdrawing');
    await requestWithdrawal(browser, '987.00');
    expect(await projectedAvailable(userId)).toBe(100_000n);

    const detail = await openAndSaveUnchanged(userId);

    expect(detail).toMatchObject({
      withdrawable_balance: '13.00',
      buckets: { available: '13.00', reserved: '987.00' },
      version: 5,
    });
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({ available: 1_300n, reserved: 98_700n });
  });

  it('after the withdrawal is rejected: the refund stays, to the cent', async () => {
    const { userId } = member('rejected');
    await rejectWithdrawal(admin.browser, pendingWithdrawalId, 'Wallet on the wrong network');
    expect(await projectedAvailable(userId)).toBe(1_300n);

    const detail = await openAndSaveUnchanged(userId);

    expect(detail).toMatchObject({ buckets: { available: '1000.00', reserved: '0.00' }, version: 6 });
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({
      available: 100_000n,
      reserved: 0n,
      total_withdrawn: 0n,
    });
  });

  it('after a withdrawal is confirmed (paid): the balances are unchanged, to the cent', async () => {
    const { browser, userId } = member('paid');
    const { withdrawalId } = await requestWithdrawal(browser, '1.00');
    await payWithdrawal(admin.browser, withdrawalId);
    expect(await projectedAvailable(userId)).toBe(100_000n);

    const detail = await openAndSaveUnchanged(userId);

    expect(detail).toMatchObject({
      total_withdrawal: '1.00',
      buckets: { available: '999.00', reserved: '0.00' },
      version: 6,
    });
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({
      available: 99_900n,
      reserved: 0n,
      total_withdrawn: 100n,
    });
  });

  it('after a deposit is confirmed: the investment stays, to the cent', async () => {
    const { browser, userId } = member('confirmed');
    const { depositId } = await requestDeposit(browser, '1500.00');
    await confirmDeposit(admin.browser, depositId);

    const detail = await openAndSaveUnchanged(userId);

    expect(detail).toMatchObject({
      total_invest: '1500.00',
      buckets: { available: '1000.00', invested: '1500.00' },
      version: 3,
    });
  });
});

describe('a form the account no longer matches is refused with 409, changing nothing', () => {
  it('refuses a form read at a version before the withdrawal, changed or not', async () => {
    const { browser, userId } = member('stale');
    await savePayoutAddresses(browser);
    const opened = await memberDetail(admin.browser, userId);
    await requestWithdrawal(browser, '987.00');
    const before = await stateRow(testApp.accounts, userId);

    const changed = await admin.browser
      .put(`/api/admin/users/${userId}/balances`)
      .send({ available: { shown: '1000.00', target: '1001.00' }, reason: 'Top up', version: opened.version })
      .expect(409);
    const unchanged = await admin.browser
      .put(`/api/admin/users/${userId}/balances`)
      .send({
        available: { shown: '1000.00', target: '1000.00' },
        reason: 'Nothing changed',
        version: opened.version,
      })
      .expect(409);

    expect(changed.body).toEqual({ message: accountMessages.accountChanged });
    expect(unchanged.body).toEqual({ message: accountMessages.accountChanged });
    expect(await stateRow(testApp.accounts, userId)).toEqual(before);
    expect(await accountEventTypes(userId)).toEqual([
      'BalanceAdjusted',
      ...ADDRESS_BOOK_SAVED,
      'WithdrawalRequested',
    ]);
  });

  it("refuses the projection's lagging figures sent with the current version (the reported mix)", async () => {
    const { browser, userId } = member('mixed');
    const { withdrawalId } = await requestWithdrawal(browser, '987.00');
    await rejectWithdrawal(admin.browser, withdrawalId, 'Wallet on the wrong network');
    const { version } = await memberDetail(admin.browser, userId);
    const before = await stateRow(testApp.accounts, userId);

    // What the old page showed after the rejection: the reserved 987.00 gone, with the account's current version.
    const response = await admin.browser
      .put(`/api/admin/users/${userId}/balances`)
      .send({ available: { shown: '13.00', target: '13.00' }, reason: 'Nothing changed', version })
      .expect(409);

    expect(response.body).toEqual({ message: accountMessages.accountChanged });
    expect(await stateRow(testApp.accounts, userId)).toEqual(before);
    expect(await accountEventTypes(userId)).toEqual([
      'BalanceAdjusted',
      ...ADDRESS_BOOK_SAVED,
      'WithdrawalRequested',
      'WithdrawalRejected',
    ]);

    const fresh = await memberDetail(admin.browser, userId);
    const changed = await adjustBalances(admin.browser, userId, {
      available: { shown: fresh.buckets.available, target: '1000.07' },
      reason: 'Seven cents of goodwill',
      version: fresh.version,
    });
    expect(changed.message).toBe(accountMessages.balancesUpdated);
    expect((await testApp.accountEvents(userId)).at(-1)?.data).toMatchObject({
      bucket: 'available',
      amount: '7',
      reason: 'Seven cents of goodwill',
    });
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({ available: 100_007n });
  });

  it('takes one of two saves of the same form sent at once, and refuses the other', async () => {
    const { userId } = member('raced');
    const detail = await memberDetail(admin.browser, userId);
    const save = () =>
      admin.browser.put(`/api/admin/users/${userId}/balances`).send({
        available: { shown: detail.buckets.available, target: '1250.00' },
        reason: 'Bonus',
        version: detail.version,
      });

    const answers = await Promise.all([save(), save()]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({ available: 125_000n, version: 2 });
  });
});

describe('a save repeated with its Idempotency-Key', () => {
  it('answers the first answer again and adjusts once, even sent twice at once; another form under the key is refused', async () => {
    const { userId } = member('repeated');
    const detail = await memberDetail(admin.browser, userId);
    const form = {
      available: { shown: detail.buckets.available, target: '1100.00' },
      reason: 'Goodwill after a cut connection',
      version: detail.version,
    };
    const save = (body: object) =>
      admin.browser
        .put(`/api/admin/users/${userId}/balances`)
        .set('Idempotency-Key', 'adjust-repeated-1')
        .send(body);

    const [first, second] = await Promise.all([save(form), save(form)]);
    const third = await save(form);
    const other = await save({ ...form, available: { ...form.available, target: '5000.00' } });

    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect(second.body).toEqual(first.body);
    expect(third.body).toEqual(first.body);
    expect(first.body).toMatchObject({ message: accountMessages.balancesUpdated });
    expect(other.status).toBe(422);
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({
      available: 110_000n,
      version: detail.version + 1,
    });
  });

  it("refuses another admin's save under the key of the first, the same form or not: it is not theirs to be told done", async () => {
    const { userId } = member('another-admin');
    const [otherAdmin] = await signInAs(testApp, 'admin');
    const detail = await memberDetail(admin.browser, userId);
    const form = {
      available: { shown: detail.buckets.available, target: '1200.00' },
      reason: 'Goodwill after a cut connection',
      version: detail.version,
    };
    const save = (who: typeof admin) =>
      who.browser
        .put(`/api/admin/users/${userId}/balances`)
        .set('Idempotency-Key', 'adjust-shared-1')
        .send(form);

    await save(admin).expect(200);
    const theirs = await save(otherAdmin!);

    expect(theirs.status).toBe(422);
    expect(await stateRow(testApp.accounts, userId)).toMatchObject({ version: detail.version + 1 });
  });
});

describe('hostile figures', () => {
  it('refuses NUL, 100,000 digits and a signed figure on the field they were sent in', async () => {
    const { userId } = member('hostile');
    const { version } = await memberDetail(admin.browser, userId);
    const send = (figure: Record<string, string>) =>
      admin.browser
        .put(`/api/admin/users/${userId}/balances`)
        .send({ invested: figure, reason: 'Probe', version })
        .expect(400);

    for (const figure of [
      { shown: '0.00', target: '1\u0000' },
      { shown: '0.00\u0000', target: '1.00' },
      { shown: '0.00', target: '9'.repeat(100_000) },
      { shown: '0.00', target: '-5.00' },
    ]) {
      const { body } = await send(figure);
      expect(body).toEqual({
        message: accountMessages.invalidAmount,
        fieldErrors: { invested: [accountMessages.invalidAmount] },
      });
    }
    expect(await testApp.accountEvents(userId)).toHaveLength(1);
  });

  it('refuses a figure the form cannot set by its name, beside one it can, and changes nothing', async () => {
    const { userId } = member('unknown figure');
    const { version } = await memberDetail(admin.browser, userId);

    const { body } = await admin.browser
      .put(`/api/admin/users/${userId}/balances`)
      .send({
        available: { shown: '1000.00', target: '1100.00' },
        reserved: { shown: '0.00', target: '100.00' },
        reason: 'Probe',
        version,
      })
      .expect(400);

    expect(body).toEqual({
      message: 'Please correct the highlighted fields',
      fieldErrors: { reserved: ['Unknown field'] },
    });
    // A key JSON keeps but a plain object would not: the body is refused naming it, never a 500.
    const proto = await admin.browser
      .put(`/api/admin/users/${userId}/balances`)
      .set('Content-Type', 'application/json')
      .send(`{"__proto__": {"shown": "0.00", "target": "1.00"}, "reason": "Probe", "version": ${version}}`)
      .expect(400);
    expect(proto.body).toEqual({ message: 'The request body holds the key "__proto__", which no field has' });
    expect(await testApp.accountEvents(userId)).toHaveLength(1);
  });
});

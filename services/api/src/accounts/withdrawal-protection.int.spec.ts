import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { EventStore } from '@ledgerstone/eventstore';
import { userStreamId } from '@ledgerstone/ledger';
import { accountMessages } from '@ledgerstone/contracts';
import type TestAgent from 'supertest/lib/agent.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  ETHEREUM,
  ETHEREUM_ADDRESS,
  startAccountsTestApp,
  stateRow,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { adjustBalances, rejectWithdrawal } from '../testing/account-steps.js';
import { activeMember, signedIn, type SignupDetails } from '../testing/identity-test-app.js';

/**
 * Issue 17 over HTTP: a new payout address cools for 48 hours, withdrawals pause for 24 hours after a change to
 * the account's security, and rolling limits of 1,000.00 a day and 2,500.00 in 30 days. Each test moves the test
 * clock to a moment of its own, on the minute, so the times in the messages can be written out.
 */

const OTHER_BITCOIN = '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy';
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const NOT_IN_BOOK =
  'Add this address in Withdrawal Gateway first; a new address can be used 48 hours after it is added.';

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await startAccountsTestApp('withdrawal_protection', {
    WALLET_COOLING_HOURS: '48',
    SECURITY_HOLD_HOURS: '24',
    WITHDRAWAL_LIMIT_DAY: '1000.00',
    WITHDRAWAL_LIMIT_30D: '2500.00',
  });
});

afterAll(async () => {
  await testApp?.close();
});

/** Moves the test clock on by `ms`, to the millisecond (the fake clock counts in minutes). */
function advance(ms: number): void {
  const target = testApp.clock.now().getTime() + ms;
  testApp.clock.advanceMinutes(ms / 60_000);
  // Minutes as a float can land a hair under the target millisecond: half a millisecond more rounds it back.
  if (testApp.clock.now().getTime() < target) testApp.clock.advanceMinutes(0.5 / 60_000);
  expect(testApp.clock.now().getTime()).toBe(target);
}

function advanceTo(moment: string): void {
  advance(Date.parse(moment) - testApp.clock.now().getTime());
}

interface Member extends SignupDetails {
  userId: string;
  browser: TestAgent;
}

/**
 * A member signed in with "remember me" (a session that outlives the days the tests skip) whose available balance
 * an admin set to `available` before any address was saved.
 */
async function fundedMember(available = '5000.00'): Promise<Member> {
  const details = await activeMember(testApp);
  const browser = await signedIn(testApp, details, true);
  const admin = await testApp.admin();
  await adjustBalances(admin.browser, details.userId, {
    available: { shown: '0.00', target: available },
    reason: 'Opening balance',
    version: 0,
  });
  return { ...details, browser };
}

function saveWallets(member: Member, wallets: { bitcoin: string; ethereum?: string; usdt?: string }) {
  return member.browser
    .put('/api/user/wallets')
    .send({ ethereum: ETHEREUM_ADDRESS, usdt: ETHEREUM_ADDRESS, ...wallets })
    .expect(200);
}

/** A funded member whose saved addresses are usable from `usableAt` (the clock is left there). */
async function memberWithUsableBook(savedAt: string, usableAt: string): Promise<Member> {
  advanceTo(savedAt);
  const member = await fundedMember();
  await saveWallets(member, { bitcoin: BITCOIN_ADDRESS });
  advanceTo(usableAt);
  return member;
}

function withdraw(member: Member, form: Record<string, unknown> = {}) {
  return member.browser
    .post('/api/withdraw')
    .send({ amount: '100.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS, ...form });
}

async function eventTypes(member: Member): Promise<string[]> {
  return (await testApp.accountEvents(member.userId)).map((event) => event.type);
}

function notInBook() {
  return { message: NOT_IN_BOOK, fieldErrors: { wallet_address: [NOT_IN_BOOK] } };
}

function overLimit(left: string, until: string) {
  const message = `This exceeds your withdrawal limit: you can withdraw up to ${left} until ${until}.`;
  return { message, fieldErrors: { amount: [message] } };
}

describe("the address book's cooling period", () => {
  it('refuses a new address until 48 hours after it was saved, to the second, then accepts it', async () => {
    advanceTo('2030-01-07T09:00:00.000Z');
    const member = await fundedMember();
    await saveWallets(member, { bitcoin: BITCOIN_ADDRESS });

    const atOnce = await withdraw(member).expect(400);
    advanceTo('2030-01-09T08:59:59.000Z');
    const aSecondBefore = await withdraw(member).expect(400);
    advanceTo('2030-01-09T09:00:00.000Z');
    const onTime = await withdraw(member).expect(201);

    expect(accountMessages.addressNotInBook(48)).toBe(NOT_IN_BOOK);
    expect(atOnce.body).toEqual(notInBook());
    expect(aSecondBefore.body).toEqual(notInBook());
    expect(onTime.body).toMatchObject({ message: 'Withdrawal successful!', status: 'pending' });
    const events = await testApp.accountEvents(member.userId);
    expect(events.find((event) => event.type === 'PayoutAddressSaved')?.data).toMatchObject({
      wallet: 'bitcoin',
      savedAt: '2030-01-07T09:00:00.000Z',
      usableFrom: '2030-01-09T09:00:00.000Z',
    });
    expect(events.filter((event) => event.type === 'WithdrawalRequested')).toHaveLength(1);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 490_000n,
      reserved: 10_000n,
    });
  });

  it('starts the wait again for a changed address, while an unchanged one stays usable', async () => {
    advanceTo('2030-02-04T09:00:00.000Z');
    const member = await fundedMember();
    await saveWallets(member, { bitcoin: BITCOIN_ADDRESS });
    advanceTo('2030-02-06T09:00:00.000Z');
    const eventsBefore = (await testApp.accountEvents(member.userId)).length;

    await saveWallets(member, { bitcoin: OTHER_BITCOIN });

    const changed = await withdraw(member, { wallet_address: OTHER_BITCOIN }).expect(400);
    const replaced = await withdraw(member, { wallet_address: BITCOIN_ADDRESS }).expect(400);
    await withdraw(member, { payment_method: ETHEREUM.id, wallet_address: ETHEREUM_ADDRESS }).expect(201);
    expect(changed.body).toEqual(notInBook());
    // The book holds one bitcoin address: the one replaced is no longer in it.
    expect(replaced.body).toEqual(notInBook());
    const appended = (await testApp.accountEvents(member.userId)).slice(eventsBefore);
    expect(appended.map((event) => [event.type, event.data])).toEqual([
      [
        'PayoutAddressSaved',
        expect.objectContaining({
          wallet: 'bitcoin',
          savedAt: '2030-02-06T09:00:00.000Z',
          usableFrom: '2030-02-08T09:00:00.000Z',
        }),
      ],
      ['WithdrawalRequested', expect.objectContaining({ paymentMethodId: ETHEREUM.id })],
    ]);

    advanceTo('2030-02-08T08:59:59.000Z');
    await withdraw(member, { wallet_address: OTHER_BITCOIN }).expect(400);
    advanceTo('2030-02-08T09:00:00.000Z');
    await withdraw(member, { wallet_address: OTHER_BITCOIN }).expect(201);
  });
});

describe('the hold after a change to the account security', () => {
  it('refuses withdrawals for 24 hours after the member changes their password, then accepts them', async () => {
    const member = await memberWithUsableBook('2030-03-04T09:00:00.000Z', '2030-03-06T09:00:00.000Z');
    await withdraw(member).expect(201);

    await member.browser
      .patch('/api/user/pass')
      .send({ current_password: member.password, new_password: 'difference engine 1822' })
      .expect(200);

    const paused = {
      message:
        "Withdrawals are paused until 7 Mar 2030, 09:00 UTC after a change to your account's security.",
    };
    const atOnce = await withdraw(member).expect(409);
    advanceTo('2030-03-07T08:59:59.000Z');
    const aSecondBefore = await withdraw(member).expect(409);
    expect(atOnce.body).toEqual(paused);
    expect(aSecondBefore.body).toEqual(paused);
    const events = await testApp.accountEvents(member.userId);
    expect(events.filter((event) => event.type === 'SecurityHoldStarted').map((event) => event.data)).toEqual(
      [
        {
          userId: member.userId,
          cause: 'password-changed',
          changePosition: expect.any(Number),
          startedAt: '2030-03-06T09:00:00.000Z',
          until: '2030-03-07T09:00:00.000Z',
        },
      ],
    );

    advanceTo('2030-03-07T09:00:00.000Z');
    await withdraw(member).expect(201);
    expect(await eventTypes(member)).toEqual([
      'BalanceAdjusted',
      'PayoutAddressSaved',
      'PayoutAddressSaved',
      'PayoutAddressSaved',
      'WithdrawalRequested',
      'SecurityHoldStarted',
      'WithdrawalRequested',
    ]);
  });
});

describe('the rolling withdrawal limits', () => {
  it('accepts a withdrawal up to the daily limit exactly and refuses one cent more', async () => {
    const member = await memberWithUsableBook('2030-04-01T09:00:00.000Z', '2030-04-03T09:00:00.000Z');

    await withdraw(member, { amount: '600.00' }).expect(201);
    const over = await withdraw(member, { amount: '400.01' }).expect(400);
    await withdraw(member, { amount: '400.00' }).expect(201);
    const oneCent = await withdraw(member, { amount: '0.01' }).expect(400);

    expect(over.body).toEqual(overLimit('$400.00', '4 Apr 2030, 09:00 UTC'));
    expect(oneCent.body).toEqual(overLimit('$0.00', '4 Apr 2030, 09:00 UTC'));
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 400_000n,
      reserved: 100_000n,
    });

    // The window rolls: 24 hours after the first withdrawals, the whole daily limit is there again.
    advanceTo('2030-04-04T08:59:59.000Z');
    await withdraw(member, { amount: '0.01' }).expect(400);
    advanceTo('2030-04-04T09:00:00.000Z');
    await withdraw(member, { amount: '1000.00' }).expect(201);
  });

  it("gives a rejected withdrawal's amount back to the limit, and counts a paid one", async () => {
    const member = await memberWithUsableBook('2030-05-01T09:00:00.000Z', '2030-05-03T09:00:00.000Z');
    const admin = await testApp.admin();
    const rejected = await withdraw(member, { amount: '600.00' }).expect(201);
    const paid = await withdraw(member, { amount: '400.00' }).expect(201);
    await admin.browser.post(`/api/admin/withdrawals/${paid.body.withdrawalId}/pay`).send({}).expect(200);
    await withdraw(member, { amount: '0.01' }).expect(400);

    await rejectWithdrawal(admin.browser, rejected.body.withdrawalId, 'Sent to the wrong network');

    const overFreed = await withdraw(member, { amount: '600.01' }).expect(400);
    await withdraw(member, { amount: '600.00' }).expect(201);
    expect(overFreed.body).toEqual(overLimit('$600.00', '4 May 2030, 09:00 UTC'));
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 400_000n,
      reserved: 60_000n,
      total_withdrawn: 40_000n,
    });
  });

  it('counts 30 days as well: refuses what the 30-day limit does not leave, naming when it frees', async () => {
    const member = await memberWithUsableBook('2030-06-01T09:00:00.000Z', '2030-06-03T09:00:00.000Z');
    await withdraw(member, { amount: '1000.00' }).expect(201);
    advanceTo('2030-06-04T09:00:00.000Z');
    await withdraw(member, { amount: '1000.00' }).expect(201);
    advanceTo('2030-06-05T09:00:00.000Z');

    const over = await withdraw(member, { amount: '500.01' }).expect(400);
    await withdraw(member, { amount: '500.00' }).expect(201);

    expect(over.body).toEqual(overLimit('$500.00', '3 Jul 2030, 09:00 UTC'));
  });

  it('takes exactly one of two withdrawals sent at once that together exceed the daily limit', async () => {
    const member = await memberWithUsableBook('2030-08-01T09:00:00.000Z', '2030-08-03T09:00:00.000Z');

    const answers = await Promise.all([
      withdraw(member, { amount: '600.00' }),
      withdraw(member, { amount: '600.00' }),
    ]);

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)?.body).toEqual(
      overLimit('$400.00', '4 Aug 2030, 09:00 UTC'),
    );
    expect((await eventTypes(member)).filter((type) => type === 'WithdrawalRequested')).toHaveLength(1);
    expect(await stateRow(testApp.accounts, member.userId)).toMatchObject({
      available: 440_000n,
      reserved: 60_000n,
    });
  });
});

describe('hostile wallet addresses', () => {
  let member: Member;

  beforeAll(async () => {
    advanceTo('2030-09-01T09:00:00.000Z');
    member = await fundedMember();
    await saveWallets(member, { bitcoin: BITCOIN_ADDRESS });
    advance(48 * HOUR_MS);
  });

  it.each([
    [
      'a NUL',
      `${BITCOIN_ADDRESS.slice(0, 10)}\u0000${BITCOIN_ADDRESS.slice(10)}`,
      'Wallet address must not contain control characters',
    ],
    [
      'an emoji',
      `${BITCOIN_ADDRESS.slice(0, 10)}\u{1F680}${BITCOIN_ADDRESS.slice(10)}`,
      'Enter a valid Bitcoin address',
    ],
    ['100,000 characters', BITCOIN_ADDRESS.padEnd(100_000, 'q'), 'Wallet address is too long'],
  ])(
    'answers 400 on wallet_address for an address with %s, and reserves nothing',
    async (_, address, message) => {
      const eventsBefore = await eventTypes(member);
      const reservedBefore = (await stateRow(testApp.accounts, member.userId))?.reserved;

      const response = await withdraw(member, { wallet_address: address });

      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: { message, fieldErrors: { wallet_address: [message] } },
      });
      expect(await eventTypes(member)).toEqual(eventsBefore);
      expect((await stateRow(testApp.accounts, member.userId))?.reserved).toBe(reservedBefore);
      // The address as saved still goes through.
      await withdraw(member).expect(201);
    },
  );
});

describe('the account events', () => {
  it('carry a fingerprint of each payout address, never the address', async () => {
    advanceTo('2030-10-01T09:00:00.000Z');
    const [member, other] = [await fundedMember(), await fundedMember()];
    for (const someone of [member, other]) await saveWallets(someone, { bitcoin: BITCOIN_ADDRESS });
    advance(2 * DAY_MS);
    await withdraw(member).expect(201);
    await saveWallets(member, { bitcoin: OTHER_BITCOIN });

    const events = await testApp.accountEvents(member.userId);
    const saved = events.filter((event) => event.type === 'PayoutAddressSaved');
    expect(saved.map((event) => (event.data as { wallet: string }).wallet)).toEqual([
      'bitcoin',
      'ethereum',
      'usdt',
      'bitcoin',
    ]);
    for (const event of saved) {
      expect(Object.keys(event.data).sort()).toEqual([
        'addressKey',
        'savedAt',
        'usableFrom',
        'userId',
        'wallet',
      ]);
      expect((event.data as { addressKey: string }).addressKey).toMatch(/^[0-9a-f]{64}$/);
    }
    const recorded = JSON.stringify(events.map((event) => [event.data, event.metadata])).toLowerCase();
    for (const address of [BITCOIN_ADDRESS, ETHEREUM_ADDRESS, OTHER_BITCOIN]) {
      expect(recorded).not.toContain(address.toLowerCase());
    }
    // The same address gets another fingerprint in another member's book.
    const keyOf = (data: unknown) => (data as { addressKey: string }).addressKey;
    const otherSaved = (await testApp.accountEvents(other.userId)).find(
      (event) => event.type === 'PayoutAddressSaved',
    );
    expect(keyOf(otherSaved?.data)).not.toBe(keyOf(saved[0]?.data));
    expect(keyOf(saved[3]?.data)).not.toBe(keyOf(saved[0]?.data));
  });
});

describe('the hold after a security change whose next step was lost', () => {
  it('is started by the next withdrawal, which it holds, and only once', async () => {
    const member = await memberWithUsableBook('2030-11-03T09:00:00.000Z', '2030-11-05T09:00:00.000Z');
    await withdraw(member).expect(201);
    // A password change whose hold was never appended (the api stopped between the two): the identity event alone.
    await testApp.app
      .get(EventStore)
      .append(
        userStreamId(member.userId),
        [{ id: randomUUID(), type: 'PasswordChanged', data: { userId: member.userId, method: 'change' } }],
        { expectedVersion: 'any' },
      );

    const paused = {
      message:
        "Withdrawals are paused until 6 Nov 2030, 09:00 UTC after a change to your account's security.",
    };
    expect((await withdraw(member).expect(409)).body).toEqual(paused);
    advance(HOUR_MS);
    expect((await withdraw(member).expect(409)).body).toEqual(paused);

    expect(await eventTypes(member)).toEqual([
      'BalanceAdjusted',
      'PayoutAddressSaved',
      'PayoutAddressSaved',
      'PayoutAddressSaved',
      'WithdrawalRequested',
      'SecurityHoldStarted',
    ]);
    expect((await testApp.accountEvents(member.userId)).at(-1)?.data).toEqual({
      userId: member.userId,
      cause: 'password-changed',
      changePosition: expect.any(Number),
      startedAt: '2030-11-05T09:00:00.000Z',
      until: '2030-11-06T09:00:00.000Z',
    });
  });

  it('is started once when two withdrawals, one keyed, arrive at once, both held', async () => {
    const member = await memberWithUsableBook('2030-12-03T09:00:00.000Z', '2030-12-05T09:00:00.000Z');
    await testApp.app
      .get(EventStore)
      .append(
        userStreamId(member.userId),
        [{ id: randomUUID(), type: 'PasswordChanged', data: { userId: member.userId, method: 'reset' } }],
        { expectedVersion: 'any' },
      );

    const answers = await Promise.all([
      withdraw(member),
      withdraw(member).set('Idempotency-Key', randomUUID()),
    ]);

    expect(answers.map((answer) => [answer.status, answer.body.message])).toEqual([
      [409, "Withdrawals are paused until 6 Dec 2030, 09:00 UTC after a change to your account's security."],
      [409, "Withdrawals are paused until 6 Dec 2030, 09:00 UTC after a change to your account's security."],
    ]);
    const holds = (await testApp.accountEvents(member.userId)).filter(
      (event) => event.type === 'SecurityHoldStarted',
    );
    expect(holds.map((event) => event.data)).toEqual([
      expect.objectContaining({ cause: 'password-reset', until: '2030-12-06T09:00:00.000Z' }),
    ]);
    expect(await eventTypes(member)).not.toContain('WithdrawalRequested');
  });
});

import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  accountMessages,
  formatMessageTime,
  lockMessages,
  type WithdrawalProtection,
} from '@ledgerstone/contracts';
import { signLockLink } from '@ledgerstone/process-kit';
import { sql } from 'kysely';
import { totpCodeAt } from '../identity/index.js';
import type TestAgent from 'supertest/lib/agent.js';
import { LOCAL_ACCOUNT_LINK_KEY } from '../shared/config/config.js';
import {
  BITCOIN,
  BITCOIN_ADDRESS,
  ETHEREUM_ADDRESS,
  startAccountsTestApp,
  type AccountsTestApp,
} from '../testing/accounts-test-app.js';
import { adjustBalancesAtCurrentVersion, savePayoutAddresses } from '../testing/account-steps.js';
import { activeMember, MEMBER_PASSWORD, signedIn, type SignupDetails } from '../testing/identity-test-app.js';

/**
 * "This wasn't me: lock my account" over HTTP, the admin's side of a lock (lift it, set a member's limits, read
 * the protection) and the hold an admin's reset of a member's second factors starts.
 */

const HOUR_MS = 3_600_000;
const REASON = 'The owner called from the number on file';

let testApp: AccountsTestApp;

beforeAll(async () => {
  testApp = await startAccountsTestApp('account_lock', { SECURITY_HOLD_HOURS: '24' });
});

afterAll(async () => {
  await testApp?.close();
});

interface Member extends SignupDetails {
  userId: string;
  browser: TestAgent;
}

async function fundedMember(): Promise<Member> {
  const details = await activeMember(testApp);
  const browser = await signedIn(testApp, details, true);
  const admin = await testApp.admin();
  await adjustBalancesAtCurrentVersion(admin.browser, details.userId, {
    available: '500.00',
    reason: 'Opening balance',
  });
  await savePayoutAddresses(browser);
  return { ...details, browser };
}

function withdraw(member: Member) {
  return member.browser
    .post('/api/withdraw')
    .send({ amount: '10.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS });
}

/** The lock link of the newest payout-address mail to the member. */
async function lockToken(member: Member): Promise<string> {
  const mail = await testApp.lastMail('payout-wallets-changed', member.email);
  const url = new URL(mail.data.lockUrl ?? '');
  expect(url.pathname).toBe('/lock-account');
  return url.searchParams.get('token') ?? '';
}

function lock(token: unknown) {
  return testApp.browser().post('/api/account/lock').send({ token });
}

/** Runs `open` while used_lock_links is locked, and lets it go once two requests wait on it. */
async function openedTogether<T>(open: () => Promise<T>): Promise<T> {
  // Wrapped, so that the transaction commits without waiting for the requests it holds.
  const { opened } = await testApp.db.transaction().execute(async (trx) => {
    await sql`lock table used_lock_links in access exclusive mode`.execute(trx);
    const opened = open();
    for (let waiting = 0; waiting < 2;) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const { rows } = await sql<{ waiting: number }>`
        select count(*)::int as waiting from pg_locks
        where relation = 'used_lock_links'::regclass and not granted`.execute(trx);
      waiting = rows[0]?.waiting ?? 0;
    }
    return { opened };
  });
  return opened;
}

describe('POST /api/account/lock', () => {
  it('locks from the mail link without a session: every session ends, withdrawals and address changes freeze', async () => {
    const member = await fundedMember();
    const token = await lockToken(member);

    await lock(token).expect(200, { message: lockMessages.locked });
    await member.browser.get('/api/user').expect(401);

    const again = await signedIn(testApp, member, true);
    await again
      .post('/api/withdraw')
      .send({ amount: '10.00', payment_method: BITCOIN.id, wallet_address: BITCOIN_ADDRESS })
      .expect(409, { message: accountMessages.accountLocked });
    await again
      .put('/api/user/wallets')
      .send({
        bitcoin: '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
        ethereum: ETHEREUM_ADDRESS,
        usdt: ETHEREUM_ADDRESS,
      })
      .expect(409, { message: accountMessages.accountLocked });
    const { body } = await again.get('/api/user/withdrawal-protection').expect(200);
    expect((body as WithdrawalProtection).lock).toEqual({
      locked_by: 'member',
      reason: 'Locked by the member from the link in a security e-mail',
      locked_at: testApp.clock.now().toISOString(),
    });

    const events = await testApp.accountEvents(member.userId);
    expect(events.filter((event) => event.type === 'AccountLocked')).toHaveLength(1);
    const identity = await testApp.events(member.userId);
    expect(
      identity.filter((event) => event.type === 'SessionEnded').map((event) => event.data),
    ).toContainEqual(expect.objectContaining({ reason: 'account-locked' }));
  });

  it('Given a withdrawal pending when the member locks, When an admin pays it, Then 409 and nothing is paid; rejecting it returns the money', async () => {
    const member = await fundedMember();
    const { body } = await withdraw(member).expect(201);
    const withdrawalId = (body as { withdrawalId: string }).withdrawalId;
    await lock(await lockToken(member)).expect(200, { message: lockMessages.locked });
    const admin = await testApp.admin();

    await admin.browser
      .post(`/api/admin/withdrawals/${withdrawalId}/pay`)
      .send({ payoutReference: '0xabc' })
      .expect(409, { message: accountMessages.lockedWithdrawalNotPayable });
    let events = await testApp.accountEvents(member.userId);
    expect(events.filter((event) => event.type === 'WithdrawalPaid')).toHaveLength(0);

    await admin.browser
      .post(`/api/admin/withdrawals/${withdrawalId}/reject`)
      .send({ reason: 'The member disowned this withdrawal' })
      .expect(200);
    events = await testApp.accountEvents(member.userId);
    expect(events.filter((event) => event.type === 'WithdrawalRejected')).toHaveLength(1);
  });

  it('works once: a second use, a forged, an expired or a malformed link changes nothing', async () => {
    const member = await fundedMember();
    const token = await lockToken(member);
    // Opened twice at once (both past the used-link check before either marks it), both lock the account
    // (once) and the link is used up. The table lock holds both at that check, so they really overlap.
    const [first, second] = await openedTogether(() => Promise.all([lock(token), lock(token)]));
    expect([first.status, second.status]).toEqual([200, 200]);
    await lock(token).expect(409, { message: lockMessages.linkUsed });
    const locks = (await testApp.accountEvents(member.userId)).filter(
      (event) => event.type === 'AccountLocked',
    );
    expect(locks).toHaveLength(1);

    const other = await fundedMember();
    const forged = signLockLink('x'.repeat(32), {
      userId: other.userId,
      linkId: crypto.randomUUID(),
      expiresAt: new Date(testApp.clock.now().getTime() + HOUR_MS),
    });
    const expired = signLockLink(LOCAL_ACCOUNT_LINK_KEY, {
      userId: other.userId,
      linkId: crypto.randomUUID(),
      expiresAt: new Date(testApp.clock.now().getTime() - 1000),
    });
    const invalid = { message: lockMessages.linkInvalid, fieldErrors: { token: [lockMessages.linkInvalid] } };
    await lock(forged).expect(400, invalid);
    await lock(expired).expect(400, {
      message: lockMessages.linkExpired,
      fieldErrors: { token: [lockMessages.linkExpired] },
    });
    for (const bad of ['', 'a.b', '\u0000', '💸.💸', 'x'.repeat(100_000), 42, null]) {
      const response = await lock(bad);
      expect([String(bad).slice(0, 10), response.status]).toEqual([String(bad).slice(0, 10), 400]);
    }
    await withdraw(other).expect(201);
  });
});

describe('the admin and a lock', () => {
  it('lifts a lock only with a reason, and only an admin: an auditor reads it and changes nothing', async () => {
    const member = await fundedMember();
    await lock(await lockToken(member)).expect(200);
    const admin = await testApp.admin();
    const auditor = await testApp.auditor();

    const seen = await auditor.browser
      .get(`/api/admin/users/${member.userId}/withdrawal-protection`)
      .expect(200);
    expect((seen.body as WithdrawalProtection).lock?.locked_by).toBe('member');
    await auditor.browser
      .post(`/api/admin/users/${member.userId}/unlock`)
      .send({ reason: REASON })
      .expect(403);
    await admin.browser.post(`/api/admin/users/${member.userId}/unlock`).send({ reason: 'no' }).expect(400);

    await admin.browser
      .post(`/api/admin/users/${member.userId}/unlock`)
      .send({ reason: REASON })
      .expect(200, { message: accountMessages.accountUnlocked });
    await admin.browser
      .post(`/api/admin/users/${member.userId}/unlock`)
      .send({ reason: REASON })
      .expect(409, { message: accountMessages.accountNotLocked });
    const unlocked = (await testApp.accountEvents(member.userId)).find(
      (event) => event.type === 'AccountUnlocked',
    );
    expect(unlocked?.data).toMatchObject({ adminId: admin.userId, reason: REASON });

    const browser = await signedIn(testApp, member, true);
    await withdraw({ ...member, browser }).expect(201);
  });

  it("sets a member's own limits with a reason, which the member sees; another id or an auditor changes nothing", async () => {
    const member = await fundedMember();
    const admin = await testApp.admin();
    const auditor = await testApp.auditor();
    const limits = { daily: '15.00', thirty_days: '100.00', reason: 'Asked by the member' };

    await auditor.browser.put(`/api/admin/users/${member.userId}/withdrawal-limits`).send(limits).expect(403);
    await admin.browser
      .put(`/api/admin/users/${crypto.randomUUID()}/withdrawal-limits`)
      .send(limits)
      .expect(404);
    await admin.browser
      .put(`/api/admin/users/${member.userId}/withdrawal-limits`)
      .send({ ...limits, daily: '101.00' })
      .expect(400);
    await admin.browser
      .put(`/api/admin/users/${member.userId}/withdrawal-limits`)
      .send(limits)
      .expect(200, { message: accountMessages.limitsSet });

    await withdraw(member).expect(201);
    const { body } = await member.browser.get('/api/user/withdrawal-protection').expect(200);
    expect((body as WithdrawalProtection).limits).toEqual({
      own: true,
      daily: { limit: '15.00', used: '10.00', left: '5.00' },
      thirty_days: { limit: '100.00', used: '10.00', left: '90.00' },
    });
    const refused = await withdraw(member).expect(400);
    expect((refused.body as { message: string }).message).toMatch(
      /^This exceeds your withdrawal limit: you can withdraw up to \$5\.00 until /,
    );
  });
});

describe("an admin's reset of a member's second factors", () => {
  it("pauses the member's withdrawals for the configured hours, like any other security change", async () => {
    const member = await fundedMember();
    const admin = await testApp.admin();
    await withdraw(member).expect(201);
    const setup = await member.browser.post('/api/user/security/totp/setup').expect(200);
    const secret = setup.body.setupKey as string;
    await member.browser
      .post('/api/user/security/totp/confirm')
      .send({ password: MEMBER_PASSWORD, code: totpCodeAt(secret, testApp.clock.now()) })
      .expect(200);

    await admin.browser
      .post(`/api/admin/users/${member.userId}/second-factors/reset`)
      .send({ reason: 'Lost phone, identity checked on a call' })
      .expect(200);
    const browser = await signedIn(testApp, member, true);
    const until = new Date(testApp.clock.now().getTime() + 24 * HOUR_MS);
    const refused = await withdraw({ ...member, browser }).expect(409);
    expect((refused.body as { message: string }).message).toBe(
      accountMessages.withdrawalsPaused(formatMessageTime(until)),
    );
    const holds = (await testApp.accountEvents(member.userId)).filter(
      (event) => event.type === 'SecurityHoldStarted',
    );
    expect(holds.map((event) => event.data)).toEqual([
      expect.objectContaining({ cause: 'second-factors-reset-by-admin', until: until.toISOString() }),
    ]);
  });

  it('starts no account for staff whose factors an admin resets', async () => {
    const [admin, other] = [await testApp.admin(), await testApp.admin()];
    await admin.browser
      .post(`/api/admin/users/${other.userId}/second-factors/reset`)
      .send({ reason: 'Lost phone, identity checked on a call' })
      .expect(200);
    expect((await testApp.events(other.userId)).map((event) => event.type)).toContain(
      'SecondFactorsResetByAdmin',
    );
    expect(await testApp.accountEvents(other.userId)).toEqual([]);
  });
});
